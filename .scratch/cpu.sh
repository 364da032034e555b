#!/bin/bash
# usage: cpu.sh <url-path> [seconds] ; portal on 3555 must be running
P=$1; S=${2:-10}
T=$(cat /tmp/token)
portal=$(pgrep -f "server/launch.mjs" | head -1)
cpu() { awk '{print $14+$15}' /proc/$1/stat; }
pgsum() { local s=0; for p in $(pgrep -f "postgres: "); do v=$(awk '{print $14+$15}' /proc/$p/stat 2>/dev/null); s=$((s+${v:-0})); done; echo $s; }
a0=$(cpu $portal); g0=$(pgsum); t0=$(awk '{print $1+$2+$3+$4+$5+$6+$7}' /proc/stat | head -1); st0=$(head -1 /proc/stat)
out=$(npx autocannon -c 32 -d $S -j -H "authorization=Bearer $T" "http://127.0.0.1:3555$P" 2>/dev/null)
a1=$(cpu $portal); g1=$(pgsum); st1=$(head -1 /proc/stat)
n=$(echo "$out" | node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>{const j=JSON.parse(s);console.log(j.requests.total, j.requests.average, j.latency.p50, j.latency.p99, j.non2xx)})')
read total avg p50 p99 bad <<< "$n"
echo "req $total ($avg/s p50 $p50 p99 $p99 non2xx $bad)  portal ms/req $(echo "scale=3; ($a1-$a0)*10/$total" | bc)  pg ms/req $(echo "scale=3; ($g1-$g0)*10/$total" | bc)"
echo "$st0" ; echo "$st1"
