package playout

import (
	"syscall"
	"time"
)

// threadCPU returns the CPU time the calling OS thread has used, so that
// speeds can be measured per core on a machine shared with other work
// (the caller locks itself to its thread). ok is false where unsupported.
func threadCPU() (time.Duration, bool) {
	var ru syscall.Rusage
	const rusageThread = 1 // RUSAGE_THREAD
	if err := syscall.Getrusage(rusageThread, &ru); err != nil {
		return 0, false
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()), true
}

// ProcessCPU returns the CPU time the whole process has used (all
// threads), for measuring the search's cost per playout with several
// threads; ok is false where unsupported.
func ProcessCPU() (time.Duration, bool) {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0, false
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()), true
}
