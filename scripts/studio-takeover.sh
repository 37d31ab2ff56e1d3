#!/usr/bin/env bash
# The studio takeover through the command line (docs/admin/studio.md, "Studio"): a sandbox, a hub, a backup
# and a seat as separate `start:browser` processes (the built out/main/browser-cli.js) on
# 127.0.0.1; the hub is killed with SIGKILL and the seat's reads are tried every second until
# the backup answers them. Run after `npm run -s build`, inside a keychain:
#   bash scripts/with-keyring.sh bash scripts/studio-takeover.sh
set -u
SB= HUB= BK= ST=
cd "$(dirname "$0")/.."
W=$(mktemp -d "${TMPDIR:-/tmp}/onair-takeover-XXXXXX")
trap 'kill $BK $ST $SB 2>/dev/null; wait 2>/dev/null; rm -rf "$W"' EXIT
node --import tsx src-main/sandbox/cli/cli.ts --port 0 > $W/sandbox.out 2>&1 &
SB=$!
for i in $(seq 1 60); do grep -q '"live_base_url"' $W/sandbox.out && break; sleep 0.5; done
INFO=$(grep -o '{.*"live_base_url".*}' $W/sandbox.out | head -1)
export ONAIR_SANDBOX_INFO="$INFO"
node out/main/browser-cli.js --port 0 --data-dir $W/hub --host-studio --json > $W/hub.out 2>$W/hub.err &
HUB=$!
for i in $(seq 1 60); do [ -s $W/hub.out ] && break; sleep 0.5; done
HUBLINE=$(cat $W/hub.out); echo "hub: $HUBLINE"
HURL=$(node -e 'const j=JSON.parse(process.argv[1]);console.log(j.url)' "$HUBLINE")
SURL=$(node -e 'const j=JSON.parse(process.argv[1]);console.log(j.studio.url)' "$HUBLINE")
FP=$(node -e 'const j=JSON.parse(process.argv[1]);console.log(j.studio.fingerprint)' "$HUBLINE")
BASE=${HURL%%#k=*}; SECRET=${HURL##*#k=}
code() { curl -s -X POST "${BASE}rpc/studio.newPairingCode" -H "authorization: Bearer $SECRET" -H 'content-type: application/json' -d "{\"input\":{\"role\":\"$1\"}}" | node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>console.log(JSON.parse(s).data.code))'; }
BCODE=$(code backup); OCODE=$(code operator)
node out/main/browser-cli.js --port 0 --data-dir $W/backup --host-studio --backup-of "$SURL" --fingerprint "$FP" --pairing-code "$BCODE" --json > $W/backup.out 2>$W/backup.err &
BK=$!
for i in $(seq 1 60); do [ -s $W/backup.out ] && break; sleep 0.5; done
echo "backup: $(cat $W/backup.out)"
node out/main/browser-cli.js --port 0 --data-dir $W/seat --join "$SURL" --fingerprint "$FP" --pairing-code "$OCODE" --seat-name PD --json > $W/seat.out 2>$W/seat.err &
ST=$!
for i in $(seq 1 60); do [ -s $W/seat.out ] && break; sleep 0.5; done
SEATLINE=$(cat $W/seat.out); echo "seat: $SEATLINE"
SEATURL=$(node -e 'const j=JSON.parse(process.argv[1]);console.log(j.url)' "$SEATLINE")
SBASE=${SEATURL%%#k=*}; SSECRET=${SEATURL##*#k=}
call() { curl -s -m 20 -X POST "${SBASE}rpc/$1" -H "authorization: Bearer $SSECRET" -H 'content-type: application/json' -d "$2" | cut -c1-160; echo; }
sleep 2
echo "before kill:"; call channels.list '{"input":{}}'
kill -9 $HUB; T0=$(node -e "console.log(Date.now() / 1000)"); echo "hub killed"
for i in $(seq 1 12); do
  sleep 1; R=$(call channels.list '{"input":{}}'); echo "+$(node -e "console.log((Date.now() / 1000 - $T0).toFixed(2))")s: $R"
  echo "$R" | grep -q '"ok":true' && break
done
echo "backup log:"; grep -h "studio" "$W"/backup/logs/* 2>/dev/null | tail -3
