# syntax=docker/dockerfile:1.7
#
# Images of the Hostcart checkout: one per Go service and one for the gateway, which also serves the
# built frontend (the shell and its remotes, as `make run` does). Build with BuildKit from the
# repository root:
#
#   docker build --target service --build-arg SERVICE=catalog --build-arg VERSION=1.4.2 -t hostcart/catalog:1.4.2 .
#   docker build --target gateway --build-arg VERSION=1.4.2 -t hostcart/gateway:1.4.2 .
#
# A new service (services/<name>/cmd/<name>) needs no new stage: it is one more SERVICE value
# (skaffold.yaml artifact, chart values entry). Every final image is distroless/static, runs as the
# unprivileged user 65532 with a read-only root file system in the cluster, and holds nothing but
# the binary (and, for the gateway, the frontend). No secrets are baked in: configuration comes from
# the environment (the chart's ConfigMaps and Secrets). tools/deploytest checks these rules.

# Base images: a tag says what an image is, the digest which one. Raise them in one commit.
ARG GO_IMAGE=golang:1.26.8-bookworm
ARG NODE_IMAGE=node:20.20.2-bookworm-slim
ARG RUNTIME_IMAGE=gcr.io/distroless/static-debian12:nonroot@sha256:d093aa3e30dbadd3efe1310db061a14da60299baff8450a17fe0ccc514a16639

# ---- Go binaries ---------------------------------------------------------------------------------
# The whole workspace is bind-mounted (go.work names every module), the module and build caches
# persist between builds, so building the next service reuses what the previous one compiled.
FROM ${GO_IMAGE} AS go-build
ARG SERVICE
ENV CGO_ENABLED=0 GOTOOLCHAIN=local GOFLAGS=-buildvcs=false
WORKDIR /src
RUN --mount=type=bind,target=/src,rw \
    --mount=type=cache,target=/go/pkg/mod \
    --mount=type=cache,target=/root/.cache/go-build \
    set -eu; \
    if [ -z "${SERVICE:-}" ]; then echo "build arg SERVICE is required (catalog, cart, ...)" >&2; exit 1; fi; \
    go build -trimpath -ldflags="-s -w -buildid=" -o /out/app "./services/${SERVICE}/cmd/${SERVICE}"

# ---- Frontend --------------------------------------------------------------------------------------
# `npm run build` builds shell and remotes and assembles dist/frontend/shell (precompressed assets).
FROM ${NODE_IMAGE} AS web-build
ENV NX_NO_CLOUD=true NX_DAEMON=false CI=true
WORKDIR /src
COPY package.json package-lock.json ./
RUN --mount=type=cache,target=/root/.npm npm install --no-audit --no-fund
COPY . .
RUN npm run build

# ---- Gateway: HTTP API and the frontend ------------------------------------------------------------
FROM ${GO_IMAGE} AS gateway-build
ENV CGO_ENABLED=0 GOTOOLCHAIN=local GOFLAGS=-buildvcs=false
WORKDIR /src
RUN --mount=type=bind,target=/src,rw \
    --mount=type=cache,target=/go/pkg/mod \
    --mount=type=cache,target=/root/.cache/go-build \
    go build -trimpath -ldflags="-s -w -buildid=" -o /out/app ./gateway/cmd/gateway

FROM ${RUNTIME_IMAGE} AS gateway
ARG VERSION=dev
LABEL org.opencontainers.image.title="hostcart-gateway" \
      org.opencontainers.image.version="${VERSION}" \
      org.opencontainers.image.source="https://github.com/hostcart/checkout"
COPY --from=gateway-build /out/app /app/gateway
COPY --from=web-build /src/dist/frontend/shell /app/frontend
ENV PORT=8080 ADMIN_LISTEN=:9090 FRONTEND_DIR=/app/frontend APP_RELEASE=${VERSION} \
    OTEL_RESOURCE_ATTRIBUTES=service.version=${VERSION}
EXPOSE 8080 9090
USER 65532:65532
ENTRYPOINT ["/app/gateway"]

# ---- Every gRPC service ---------------------------------------------------------------------------
# The service listens where <NAME>_LISTEN says (the chart sets 0.0.0.0:<port>), metrics and
# /healthz on ADMIN_LISTEN.
FROM ${RUNTIME_IMAGE} AS service
ARG SERVICE
ARG VERSION=dev
LABEL org.opencontainers.image.title="hostcart-${SERVICE}" \
      org.opencontainers.image.version="${VERSION}" \
      org.opencontainers.image.source="https://github.com/hostcart/checkout"
COPY --from=go-build /out/app /app/service
ENV ADMIN_LISTEN=:9090 OTEL_RESOURCE_ATTRIBUTES=service.version=${VERSION}
EXPOSE 9090
USER 65532:65532
ENTRYPOINT ["/app/service"]
