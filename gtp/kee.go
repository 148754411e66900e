package gtp

import (
	"fmt"
	"strconv"
	"strings"

	"moku/liberty"
)

// keeRecorder is a game that keeps a Kee record (see liberty.Position.Record).
type keeRecorder interface {
	Record() []liberty.KeeEntry
}

func init() { standard["kee-history"] = keeHistory }

// keeHistory answers kee-history: every play of a Kee game in the order
// made, one "number colour move" a line, numbered in the order made. A play
// later rescinded ends with "rescinded"; a non-appealing pass that rescinded
// plays ends with "rescinds" and their numbers. The plays without a mark
// are the current history; replaying every line in order reproduces the
// game.
func keeHistory(e *Engine, _ []string) (string, error) {
	k, ok := e.state.(keeRecorder)
	if !ok || e.state.Rules().Game != "kee" {
		return "", fmt.Errorf("kee-history: the game is %s, not kee", e.game)
	}
	g := e.state.Graph()
	var lines []string
	for i, entry := range k.Record() {
		line := fmt.Sprintf("%d %s %s", i+1, entry.Player, entry.Move.Format(g))
		if entry.Rescinded {
			line += " rescinded"
		}
		if entry.Rescinds != nil {
			line += " rescinds"
			for _, j := range entry.Rescinds {
				line += " " + strconv.Itoa(j+1)
			}
		}
		lines = append(lines, line)
	}
	return strings.Join(lines, "\n"), nil
}
