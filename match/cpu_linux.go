package match

import (
	"os"
	"strconv"
	"time"
)

// processCPU returns the CPU time (user and system, every thread) that
// process pid has used so far, read from /proc/pid/stat in clock ticks
// of 1/100 s (Linux's USER_HZ). The CPU of the process's children is not
// in it: an engine started through a shell is measured as the shell.
func processCPU(pid int) (time.Duration, bool) {
	data, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return 0, false
	}
	return parseStat(data)
}
