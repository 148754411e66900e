//go:build !linux

package playout

import "time"

func threadCPU() (time.Duration, bool) { return 0, false }

// ProcessCPU returns the CPU time of the process where known.
func ProcessCPU() (time.Duration, bool) { return 0, false }
