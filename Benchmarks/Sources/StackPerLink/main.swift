import Foundation

// The stack one link of a forwarding chain takes (StackChain.swift), for compare.sh:
//
//   StackPerLink subjects     the subjects, one a line
//   StackPerLink <subject>    one tab-separated line: the subject and its bytes per link

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("StackPerLink: \(message)\n".utf8))
    exit(1)
}

let arguments = CommandLine.arguments.dropFirst()
guard arguments.count == 1, let argument = arguments.first else {
    fail("usage: StackPerLink subjects | StackPerLink <subject>")
}
if argument == "subjects" {
    for subject in stackChainSubjects { print(subject.name) }
} else {
    guard let subject = stackChainSubjects.first(where: { $0.name == argument }) else {
        fail("no subject \(argument)")
    }
    let bytes = stackPerLink(subject)
    if bytes <= 0 { fail("\(argument): the chain's observers were not reached") }
    print("\(argument)\t\(bytes)")
}
