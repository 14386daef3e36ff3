// Testing Library's findBy… and waitFor give up after 1 s by default. `make test` runs jest beside
// the Go race tests, so a render that takes 50 ms on a quiet machine can take longer than that
// under load; 5 s only changes how long a failing wait takes to fail, never what passes.
require('@testing-library/dom').configure({ asyncUtilTimeout: 5000 });
