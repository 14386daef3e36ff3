package mailsandbox

import (
	"bufio"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/hostcart/checkout/services/order/mail"
)

func TestSandboxKeepsMailsReadable(t *testing.T) {
	dir := t.TempDir()
	s := &Sandbox{Dir: dir}
	ctx := context.Background()
	for _, m := range []mail.Mail{{To: "a@example.org", Subject: "1", Text: "a"}, {To: "b@example.org", Subject: "2", Text: "b", HTML: "<p>b</p>"},
		{To: "a@example.org", Subject: "3", Text: "c"}} {
		if err := s.Send(ctx, m); err != nil {
			t.Fatal(err)
		}
	}
	if got := s.Sent(); len(got) != 3 || got[1].Text != "b" || got[1].HTML != "<p>b</p>" {
		t.Fatalf("Sent = %+v", got)
	}
	if m, ok := s.LastTo("a@example.org"); !ok || m.Subject != "3" {
		t.Fatalf("LastTo = %+v %v", m, ok)
	}
	if _, ok := s.LastTo("z@example.org"); ok {
		t.Fatal("a mail to an address never used")
	}
	f, err := os.Open(filepath.Join(dir, FileName))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var subjects []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		var m Message
		if err := json.Unmarshal(sc.Bytes(), &m); err != nil {
			t.Fatal(err)
		}
		if m.To == "" || m.At.IsZero() {
			t.Fatalf("line %s", sc.Bytes())
		}
		subjects = append(subjects, m.Subject)
	}
	if len(subjects) != 3 || subjects[0] != "1" || subjects[2] != "3" {
		t.Fatalf("file holds %v", subjects)
	}
}

func TestSandboxWithAMissingFolderFails(t *testing.T) {
	s := &Sandbox{Dir: filepath.Join(t.TempDir(), "absent")}
	if err := s.Send(context.Background(), mail.Mail{To: "a@example.org", Subject: "x", Text: "x"}); err == nil {
		t.Fatal("no error for a folder that does not exist")
	}
}
