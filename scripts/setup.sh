#!/usr/bin/env bash
# Sets up a machine to build, test and run dambord: the Debian packages it needs, then the npm
# packages. Idempotent and quick when everything is already there. Run as root on Debian to
# install the system packages; otherwise it names the missing ones and carries on.
set -euo pipefail
cd "$(dirname "$0")/.."

# gcc-avr avr-libc: the firmware; avrdude: flashing a board; espeak-ng sox: speech (alsa-utils: aplay plays it); mosquitto: the broadcast broker;
# chromium: browser tests; udev: udevadm, which serialport needs to list ports.
packages=(gcc-avr avr-libc avrdude espeak-ng sox alsa-utils mosquitto chromium udev)

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed'; then missing+=("$p"); fi
done

if [ ${#missing[@]} -eq 0 ]; then
  echo "setup: Debian packages already installed: ${packages[*]}"
elif [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null; then
  echo "setup: installing Debian packages: ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -q
  apt-get install -y -q --no-install-recommends "${missing[@]}"
else
  echo "setup: missing Debian packages: ${missing[*]}" >&2
  echo "setup: install them as root (apt-get install ${missing[*]}); carrying on without them" >&2
fi

if [ -f package-lock.json ]; then
  echo "setup: npm ci"
  npm ci --no-audit --no-fund
else
  echo "setup: npm install (no package-lock.json)"
  npm install --no-audit --no-fund
fi
# The genuine StandardFirmata for the Arduino Mega, for the simulated Firmata board: fetched from
# the npm registry into node_modules/.cache, never committed (hardware/firmata/fetch.mjs).
if node hardware/firmata/fetch.mjs >/dev/null; then
  echo "setup: StandardFirmata for the simulated Firmata board is in node_modules/.cache/dambord-firmata"
else
  echo "setup: could not fetch StandardFirmata from the npm registry; the Firmata board's simulator and tests will say so" >&2
fi
echo "setup: done"
