package match

import (
	"bytes"
	"strconv"
	"time"
)

// parseStat reads utime and stime, the 14th and 15th fields of a
// /proc/pid/stat line. The second field, the command's name in
// parentheses, may hold spaces and parentheses itself, so the fields are
// counted from the last ')'.
func parseStat(data []byte) (time.Duration, bool) {
	i := bytes.LastIndexByte(data, ')')
	if i < 0 {
		return 0, false
	}
	f := bytes.Fields(data[i+1:]) // from the 3rd field, the state
	if len(f) < 13 {
		return 0, false
	}
	var ticks int64
	for _, s := range f[11:13] {
		n, err := strconv.ParseInt(string(s), 10, 64)
		if err != nil || n < 0 {
			return 0, false
		}
		ticks += n
	}
	return time.Duration(ticks) * (time.Second / 100), true
}
