// Package record reads and writes game records: SGF (sgf.go, the file
// format; sgfgame.go, the games of every kind moku plays in it, with
// moku's own properties where SGF has none) and moku's plain move list
// (movelist.go, a line a move).
//
// Start with ReadSGF (the records of a file) and Record.Replay (the game
// it describes), FromState and Record.WriteSGF to write one; Replay reads
// a file of either format, and Status says where a replayed game stands.
// ParseMoveList and WriteMoveList are the move list's.
package record
