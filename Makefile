# Plantdoc — the two commands: `make run` and `make test`.
SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c
CARGO ?= cargo
TARGET_DIR := $(or $(CARGO_TARGET_DIR),target)
export CARGO_TERM_COLOR := never

.PHONY: run test lint fmt build web web-deps test-deps test-rust test-new-module test-api-contract test-web test-web-components test-web-browser bench bench-smoke web-size lighthouse clean new-module

## make run: build everything (release) and serve a demo plant on http://127.0.0.1:8080
run: build
	@mkdir -p data
	$(TARGET_DIR)/release/plantdoc seed demo
	@echo "Serving on http://127.0.0.1:8080 (Ctrl-C to stop)"
	$(TARGET_DIR)/release/plantdoc serve

## The web bundles and the release binary build side by side: webpack is mostly one
## thread and cargo's last crates and link are too, so on two cores the two overlap.
build: web-deps
	@mkdir -p $(TARGET_DIR); log=$(TARGET_DIR)/web-build.log; \
	npm run build >$$log 2>&1 & web=$$!; \
	$(CARGO) build --release --workspace || { kill $$web 2>/dev/null; exit 1; }; \
	if wait $$web; then tail -n 3 $$log; else cat $$log; echo "make build: the web build failed (above)"; exit 1; fi

## The web shell and every module remote (npm workspaces).
web: web-deps
	npm run build

web-deps:
	@if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then npm ci --no-audit --no-fund; fi

## make test: every test — Rust on SQLite and on PostgreSQL, web component and browser tests.
## Ends with each suite's wall and CPU time and test count, and fails a suite over its CPU
## budget (.ci/budget.tsv, docs/testing.md).
test: test-deps web
	@python3 .ci/suites.py lint test-rust test-new-module bench-smoke test-api-contract test-web-components test-web-browser

## Formatting and lint: rustfmt, clippy -D warnings, eslint, prettier, 400 lines a file.
lint: web-deps
	@bash .ci/lint.sh

## Format the tree (what `make lint` checks): cargo fmt, rustfmt on the modules' API tests, prettier.
fmt: web-deps
	$(CARGO) fmt --all
	rustfmt --edition 2021 --config-path rustfmt.toml $$(git ls-files 'plugins/*/tests/*.rs' ':!plugins/_template/**')
	npx --no-install prettier --write --log-level warn "{host-web,plugin-web,web-tests}/**/*.{js,jsx,mjs}" eslint.config.mjs

## What the tests need on the machine: installed by the project, never by hand.
test-deps:
	@bash .ci/deps.sh

## Rust tests through cargo-nextest (.ci/nextest.toml): every test a process, six at a time.
## Doc tests: nextest runs none, and the workspace has none (cargo test --doc would say).
NEXTEST := $(CARGO) nextest run --workspace --config-file .ci/nextest.toml --no-tests=fail
test-rust:
	@# The example dynamic module (a cdylib) is loaded by the tests; the test build makes
	@# everything else, including target/debug/plantdoc for the browser tests (nextest
	@# builds as `cargo test --no-run` does). Nextest's store (its JUnit file) is under the
	@# workspace's target/ even when CARGO_TARGET_DIR points elsewhere, as in CI.
	$(CARGO) build -p plantdoc-example-dynamic
	@pgdir=$$(mktemp -d /tmp/plantdoc-pg.XXXXXX); \
	url=$$(bash .ci/pg.sh start $$pgdir); \
	trap "bash .ci/pg.sh stop $$pgdir; rm -rf $$pgdir" EXIT; \
	mkdir -p test-results; junit=target/nextest/default/junit.xml; \
	echo "== Rust tests on SQLite"; \
	PLANTDOC_TEST_DB=sqlite PLANTDOC_TEST_PG_URL=$$url $(NEXTEST) --timings; \
	cp $$junit test-results/rust-sqlite-junit.xml; \
	cp $(TARGET_DIR)/cargo-timings/cargo-timing.html test-results/rust-build-timing.html 2>/dev/null || true; \
	echo "== Rust tests on PostgreSQL"; \
	PLANTDOC_TEST_DB=postgres PLANTDOC_TEST_PG_URL=$$url $(NEXTEST); \
	cp $$junit test-results/rust-postgres-junit.xml

## make new-module ID=<id> [NAME="Display name"] [RELEASE=2.0]: a new module from
## plugins/_template/module (docs/modules.md).
new-module:
	@bash plugins/_template/new-module.sh "$(ID)" "$(NAME)" "$(RELEASE)"

## `make new-module` on a throwaway copy of the tree: the new module builds, passes its
## own tests, is served, and changes nothing outside its two folders but two lines.
test-new-module:
	@pgdir=$$(mktemp -d /tmp/plantdoc-pg.XXXXXX); \
	url=$$(bash .ci/pg.sh start $$pgdir); \
	trap "bash .ci/pg.sh stop $$pgdir; rm -rf $$pgdir" EXIT; \
	t0=$$(date +%s); PLANTDOC_TEST_PG_URL=$$url bash .ci/new-module-check.sh; \
	echo "test-new-module: $$(( $$(date +%s) - t0 )) s"

## Benchmarks are programs that print figures; CI only checks that they run (small size).
bench-smoke:
	@echo "== bench-smoke: swp-bench"; $(CARGO) run -q -p plantdoc-swp --example swp-bench -- --small
	@echo "== bench-smoke: island-bench"; $(CARGO) run -q -p plantdoc-island --example island-bench -- --small
	@echo "== bench-smoke: readiness-bench"; $(CARGO) run -q -p plantdoc-readiness --example readiness-bench -- --small
	@echo "== bench-smoke: ops-bench"; $(CARGO) build -q -p plantdoc --bin plantdoc --example ops-bench
	$(TARGET_DIR)/debug/examples/ops-bench --small

## The full SWP benchmark: 200 k revisions, 1 M sign records (SQLite; PG=URL: swp and readiness on PostgreSQL).
bench:
	$(CARGO) run --release -p plantdoc-swp --example swp-bench -- $(ARGS) $(if $(PG),--pg $(PG))
	@# The kiosk hot path: 2 000 operators, 50 k SWP revisions, 1 M sign records (SQLite).
	$(CARGO) run --release -p plantdoc-island --example island-bench
	@# Reading obligations: a deploy's 2 000 obligations, the summary over 100 k, the kiosk's call.
	$(CARGO) run --release -p plantdoc-readiness --example readiness-bench -- $(if $(PG),--pg $(PG))
	@# Operations: a 2 GB video through the server, merging 50 MB of PDFs, idle RSS, start time.
	$(CARGO) build --release -p plantdoc --bin plantdoc --example ops-bench
	$(TARGET_DIR)/release/examples/ops-bench

## The API contract: schemathesis against the real debug binary (signed in and anonymous),
## then SCIM's under scim2-tester (.ci/scim.sh, a few seconds).
test-api-contract:
	@t0=$$(date +%s); st=0; PLANTDOC_BIN=$(abspath $(TARGET_DIR))/debug/plantdoc bash .ci/schemathesis.sh || st=1; \
	PLANTDOC_BIN=$(abspath $(TARGET_DIR))/debug/plantdoc bash .ci/scim.sh || st=1; \
	echo "test-api-contract: $$(( $$(date +%s) - t0 )) s"; exit $$st

## The JavaScript a browser downloads for /login, /island and /main/swps (real Chromium,
## real binary; needs `make web` and the debug binary). `npm run e2e` holds the budgets.
web-size:
	PLANTDOC_BIN=$(abspath $(TARGET_DIR))/debug/plantdoc node web-tests/web-size.mjs --files

## Lighthouse performance (desktop /login, /island, /main/swps; mobile /login), median of
## 3 runs each with LCP, TBT, CLS (~3 min). Installs lighthouse into web-tests/lighthouse.
lighthouse:
	@cd web-tests/lighthouse && if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then npm ci --no-audit --no-fund; fi
	PLANTDOC_BIN=$(abspath $(TARGET_DIR))/debug/plantdoc node web-tests/lighthouse/run.mjs

## Component tests (Vitest) and browser tests (real Chromium, real binary).
test-web: test-web-components test-web-browser

test-web-components:
	npm test

test-web-browser:
	@# CI shows a run's last lines: the failures' short list goes last (failures-reporter.mjs).
	PLANTDOC_BIN=$(abspath $(TARGET_DIR))/debug/plantdoc npm run e2e || { cat test-results/e2e-failures.txt; exit 1; }

clean:
	rm -rf data test-results
