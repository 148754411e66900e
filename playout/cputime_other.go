//go:build !linux

package playout

import "time"

func threadCPU() (time.Duration, bool) { return 0, false }
