package grpcserver

import (
	"log/slog"
	"testing"
	"time"

	"google.golang.org/grpc/codes"
)

func TestConfigFromEnv(t *testing.T) {
	t.Setenv("GRPC_DEFAULT_TIMEOUT", "2s")
	t.Setenv("GRPC_MAX_TIMEOUT", "bogus")
	t.Setenv("GRPC_SHUTDOWN_GRACE", "")
	want := Config{DefaultTimeout: 2 * time.Second, MaxTimeout: 30 * time.Second, ShutdownGrace: 10 * time.Second}
	if got := ConfigFromEnv(); got != want {
		t.Fatalf("ConfigFromEnv = %+v, want %+v", got, want)
	}
}

func TestWithDefaultsKeepsDefaultBelowMax(t *testing.T) {
	got := Config{DefaultTimeout: time.Minute, MaxTimeout: 10 * time.Second}.withDefaults()
	if got.DefaultTimeout != 10*time.Second || got.ShutdownGrace != DefaultShutdownGrace {
		t.Fatalf("withDefaults = %+v", got)
	}
}

func TestLevelFor(t *testing.T) {
	for code, want := range map[codes.Code]slog.Level{
		codes.OK: slog.LevelDebug, codes.NotFound: slog.LevelWarn, codes.InvalidArgument: slog.LevelWarn,
		codes.Internal: slog.LevelError, codes.Unavailable: slog.LevelError, codes.Unknown: slog.LevelError,
	} {
		if got := LevelFor(code); got != want {
			t.Errorf("LevelFor(%v) = %v, want %v", code, got, want)
		}
	}
}
