//go:build !linux

package match

import "time"

// processCPU is unsupported here: a match then records no CPU times.
func processCPU(pid int) (time.Duration, bool) { return 0, false }
