#!/bin/sh
# The README's `docker run` lines, run as they are by `npm run test:container`. Run them from a
# folder holding jobs/ (your job files) and data/ (what they import: CRM_EXPORT_DIR is /app/data).
set -eu

# Made by you before Docker would make it (as root). The container writes as uid 1000 unless
# --user says otherwise: as you, here, so that the reports are yours.
mkdir -p reports

# The demo on the built-in emulator, no API needed.
docker run --rm --user "$(id -u):$(id -g)" -v "$PWD/reports:/app/reports" \
  listing-bulk run jobs/demo.yaml --emulator

# The nightly sync, with LISTING_API_URL and LISTING_API_KEY from this shell, on a read-only root:
# only the reports and /tmp (where workbooks are unpacked) are writable.
docker run --rm --user "$(id -u):$(id -g)" --read-only --tmpfs /tmp \
  -e LISTING_API_URL -e LISTING_API_KEY -e CRM_EXPORT_DIR=/app/data \
  -v "$PWD/jobs:/app/jobs:ro" -v "$PWD/data:/app/data:ro" -v "$PWD/reports:/app/reports" \
  listing-bulk run jobs/nightly-business-sync.yaml --json
