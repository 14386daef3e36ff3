package smssandbox

import (
	"bufio"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
)

func TestSandboxKeepsMessagesReadable(t *testing.T) {
	dir := t.TempDir()
	s := &Sandbox{Dir: dir}
	ctx := context.Background()
	for _, m := range []Message{{To: "+491", Text: "a"}, {To: "+492", Text: "b"}, {To: "+491", Text: "c"}} {
		if err := s.Send(ctx, m.To, m.Text); err != nil {
			t.Fatal(err)
		}
	}
	if got := s.Sent(); len(got) != 3 || got[1].Text != "b" {
		t.Fatalf("Sent = %+v", got)
	}
	if m, ok := s.LastTo("+491"); !ok || m.Text != "c" {
		t.Fatalf("LastTo = %+v %v", m, ok)
	}
	if _, ok := s.LastTo("+499"); ok {
		t.Fatal("a message to a number never used")
	}
	f, err := os.Open(filepath.Join(dir, FileName))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var texts []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		var m Message
		if err := json.Unmarshal(sc.Bytes(), &m); err != nil {
			t.Fatal(err)
		}
		texts = append(texts, m.Text)
	}
	if len(texts) != 3 || texts[0] != "a" || texts[2] != "c" {
		t.Fatalf("file holds %v", texts)
	}
}

func TestSandboxWithAMissingFolderFails(t *testing.T) {
	s := &Sandbox{Dir: filepath.Join(t.TempDir(), "absent")}
	if err := s.Send(context.Background(), "+491", "x"); err == nil {
		t.Fatal("no error for a folder that does not exist")
	}
}
