// Package moku holds what the whole program shares: its version. The
// packages are in the directories below; docs/architecture.md gives the
// order to read them in.
package moku

// Version is moku's version: moku --version prints it, the GTP engine
// answers it to version, and records name it in SGF's AP property.
const Version = "0.1"
