// Command draftctl stands in for the admin panel's order-draft screen: it creates an order draft
// with preconfigured items for a customer in the order service (gRPC CreateDraft) and prints the
// draft's id and session code, and it prints the sign-in link of a sales agent for devstack's
// local admin panel.
//
//	draftctl create -devstack <data dir> -brand-id 1 -customer 100001 -by agent-1 -products 1001,1011
//	draftctl create -order-addr 127.0.0.1:9107 -brand-id 1 -cart cart.json
//	draftctl agent-link -devstack <data dir> -shop http://hostwerk.localhost:8080 -next '/session-restore?session_code=…'
package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/protobuf/encoding/protojson"

	cartv1 "github.com/hostcart/checkout/libs/go/gen/checkout/cart/v1"
	orderv1 "github.com/hostcart/checkout/libs/go/gen/checkout/order/v1"
	"github.com/hostcart/checkout/libs/go/platform/callctx"
)

func main() {
	if err := run(os.Args[1:], os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "draftctl:", err)
		os.Exit(1)
	}
}

func run(args []string, out io.Writer) error {
	if len(args) == 0 {
		return errors.New("usage: draftctl create|agent-link [flags]")
	}
	switch args[0] {
	case "create":
		return create(args[1:], out)
	case "agent-link":
		return agentLink(args[1:], out)
	default:
		return fmt.Errorf("unknown command %q (create, agent-link)", args[0])
	}
}

// devstackFile is what devstack writes to its data folder (devstack.json).
type devstackFile struct {
	Services   map[string]string `json:"services"`
	AdminPanel string            `json:"admin_panel"`
}

func readDevstack(dir string) (devstackFile, error) {
	var f devstackFile
	b, err := os.ReadFile(filepath.Join(dir, "devstack.json"))
	if err != nil {
		return f, fmt.Errorf("devstack folder: %w", err)
	}
	if err := json.Unmarshal(b, &f); err != nil {
		return f, fmt.Errorf("devstack.json: %w", err)
	}
	return f, nil
}

func create(args []string, out io.Writer) error {
	fs := flag.NewFlagSet("create", flag.ContinueOnError)
	devstack := fs.String("devstack", "", "devstack's data folder (finds the order service)")
	addr := fs.String("order-addr", os.Getenv("ORDER_ADDR"), "the order service's gRPC address")
	brand := fs.Int("brand-id", 0, "the brand's id")
	customer := fs.String("customer", "", "the customer number the draft is for")
	by := fs.String("by", "admin-panel", "the admin who creates it")
	products := fs.String("products", "", "comma-separated product ids, one item each (default periods)")
	cartFile := fs.String("cart", "", "a cart (checkout.cart.v1.Cart as JSON) instead of -products")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *devstack != "" {
		f, err := readDevstack(*devstack)
		if err != nil {
			return err
		}
		*addr = f.Services["order"]
	}
	if *addr == "" || *brand <= 0 {
		return errors.New("create needs -order-addr (or -devstack) and -brand-id")
	}
	cart := &cartv1.Cart{}
	switch {
	case *cartFile != "":
		b, err := os.ReadFile(*cartFile)
		if err != nil {
			return err
		}
		if err := protojson.Unmarshal(b, cart); err != nil {
			return fmt.Errorf("cart %s: %w", *cartFile, err)
		}
	case *products != "":
		for p := range strings.SplitSeq(*products, ",") {
			id, err := strconv.ParseInt(strings.TrimSpace(p), 10, 32)
			if err != nil {
				return fmt.Errorf("product id %q: %w", p, err)
			}
			cart.Items = append(cart.Items, &cartv1.Item{Product: &cartv1.ProductLine{Id: int32(id)}})
		}
	default:
		return errors.New("create needs -products or -cart")
	}
	conn, err := grpc.NewClient(*addr, grpc.WithTransportCredentials(insecure.NewCredentials()))
	if err != nil {
		return fmt.Errorf("order service: %w", err)
	}
	defer conn.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 15*time.Second)
	defer cancel()
	ctx = callctx.ToOutgoing(ctx, callctx.Values{BrandID: int32(*brand), RequestID: callctx.NewRequestID()})
	resp, err := orderv1.NewOrderServiceClient(conn).CreateDraft(ctx, &orderv1.CreateDraftRequest{
		Cart: cart, CustomerNumber: *customer, CreatedBy: *by,
	})
	if err != nil {
		return fmt.Errorf("create draft: %w", err)
	}
	return json.NewEncoder(out).Encode(map[string]any{
		"draft_id": resp.GetDraft().GetId(), "session_code": resp.GetSessionCode(), "version": resp.GetDraft().GetVersion(),
	})
}

func agentLink(args []string, out io.Writer) error {
	fs := flag.NewFlagSet("agent-link", flag.ContinueOnError)
	devstack := fs.String("devstack", "", "devstack's data folder (finds the local admin panel)")
	shop := fs.String("shop", "", "the shop's origin, e.g. http://hostwerk.localhost:8080")
	next := fs.String("next", "/cart", "the shop path after sign-in")
	admin := fs.String("admin", "agent-1", "the admin's id")
	name := fs.String("name", "Sales Agent", "the admin's name")
	roles := fs.String("roles", "sales-agent", "comma-separated roles")
	if err := fs.Parse(args); err != nil {
		return err
	}
	f, err := readDevstack(*devstack)
	if err != nil {
		return err
	}
	if f.AdminPanel == "" || *shop == "" {
		return errors.New("agent-link needs -devstack and -shop")
	}
	q := url.Values{"shop": {*shop}, "next": {*next}, "admin": {*admin}, "name": {*name}, "roles": {*roles}}
	_, err = fmt.Fprintln(out, f.AdminPanel+"/sign-in?"+q.Encode())
	return err
}
