package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"
)

// procs are the processes the run started. Each runs in its own process group, so stopping it
// also stops what it started (`go tool k6` runs k6 as a child).
type procs struct {
	mu   sync.Mutex
	list []*exec.Cmd
}

// start runs name with args, its output appended to logPath.
func (p *procs) start(logPath string, env []string, dir, name string, args ...string) (*exec.Cmd, error) {
	logFile, err := os.Create(logPath)
	if err != nil {
		return nil, fmt.Errorf("log for %s: %w", name, err)
	}
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), env...)
	cmd.Stdout, cmd.Stderr = logFile, logFile
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if err := cmd.Start(); err != nil {
		logFile.Close()
		return nil, fmt.Errorf("start %s: %w", name, err)
	}
	go func() {
		_ = cmd.Wait()
		logFile.Close()
	}()
	p.mu.Lock()
	p.list = append(p.list, cmd)
	p.mu.Unlock()
	return cmd, nil
}

// stopAll sends SIGTERM to every process group, waits up to grace and kills what is left.
func (p *procs) stopAll(grace time.Duration) {
	p.mu.Lock()
	list := p.list
	p.list = nil
	p.mu.Unlock()
	for _, cmd := range list {
		if cmd.Process != nil {
			_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGTERM)
		}
	}
	deadline := time.Now().Add(grace)
	for _, cmd := range list {
		for cmd.ProcessState == nil && time.Now().Before(deadline) && alive(cmd) {
			time.Sleep(50 * time.Millisecond)
		}
		if alive(cmd) {
			_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
		}
	}
}

func alive(cmd *exec.Cmd) bool {
	if cmd.Process == nil {
		return false
	}
	return syscall.Kill(cmd.Process.Pid, 0) == nil && cmd.ProcessState == nil
}

// runForeground runs a command to completion in its own process group, killing the group when
// ctx ends, and returns its combined output.
func runForeground(ctx context.Context, env []string, dir string, out io.Writer, name string, args ...string) error {
	_, err := runMeasured(ctx, env, dir, out, name, args...)
	return err
}

// runMeasured is runForeground that also returns the CPU time the command used, its waited-for
// children included (`go tool k6` waits for k6).
func runMeasured(ctx context.Context, env []string, dir string, out io.Writer, name string, args ...string) (time.Duration, error) {
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), env...)
	cmd.Stdout, cmd.Stderr = out, out
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if err := cmd.Start(); err != nil {
		return 0, fmt.Errorf("start %s: %w", name, err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err := <-done:
		return cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime(), err
	case <-ctx.Done():
		_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGTERM)
		select {
		case <-done:
		case <-time.After(5 * time.Second):
			_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
			<-done
		}
		return 0, ctx.Err()
	}
}

// clockTick is the unit of /proc's CPU times (USER_HZ, 100 on every Linux this runs on).
const clockTick = 10 * time.Millisecond

// cpu is the CPU time the started processes have used so far (those still running).
func (p *procs) cpu() time.Duration {
	p.mu.Lock()
	defer p.mu.Unlock()
	var total time.Duration
	for _, cmd := range p.list {
		if cmd.Process == nil {
			continue
		}
		raw, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", cmd.Process.Pid))
		if err != nil {
			continue
		}
		// Fields after the command name, which is in parentheses and may hold spaces: state is
		// the first, utime and stime the 12th and 13th.
		_, rest, ok := strings.Cut(string(raw), ") ")
		f := strings.Fields(rest)
		if !ok || len(f) < 13 {
			continue
		}
		utime, _ := strconv.ParseInt(f[11], 10, 64)
		stime, _ := strconv.ParseInt(f[12], 10, 64)
		total += time.Duration(utime+stime) * clockTick
	}
	return total
}

// machineBusy is the CPU time all cores have spent on anything but idling and waiting for I/O
// since boot (/proc/stat).
func machineBusy() time.Duration {
	raw, err := os.ReadFile("/proc/stat")
	if err != nil {
		return 0
	}
	line, _, _ := strings.Cut(string(raw), "\n")
	f := strings.Fields(line)
	if len(f) < 9 || f[0] != "cpu" {
		return 0
	}
	var ticks int64
	// user nice system idle iowait irq softirq steal: all but idle and iowait.
	for _, i := range []int{1, 2, 3, 6, 7, 8} {
		n, _ := strconv.ParseInt(f[i], 10, 64)
		ticks += n
	}
	return time.Duration(ticks) * clockTick
}

// freePort asks the kernel for a loopback port that is free right now.
func freePort() (int, error) {
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, fmt.Errorf("find a free port: %w", err)
	}
	defer lis.Close()
	return lis.Addr().(*net.TCPAddr).Port, nil
}

// waitHTTP polls url until it answers 200 or the timeout passes.
func waitHTTP(ctx context.Context, url string, timeout time.Duration) error {
	deadline := time.Now().Add(timeout)
	client := &http.Client{Timeout: time.Second}
	var last error
	for time.Now().Before(deadline) {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		resp, err := client.Get(url)
		if err == nil {
			_, _ = io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return nil
			}
			err = fmt.Errorf("status %d", resp.StatusCode)
		}
		last = err
		time.Sleep(100 * time.Millisecond)
	}
	return fmt.Errorf("%s not ready after %v: %w", url, timeout, errors.Join(last))
}

// reachable reports whether something accepts TCP connections at addr.
func reachable(addr string) bool {
	conn, err := net.DialTimeout("tcp", addr, 500*time.Millisecond)
	if err != nil {
		return false
	}
	conn.Close()
	return true
}
