#!/usr/bin/env bash
# Makes the demo lessons' media: short WebM clips (VP9 + Opus) of colours, shapes and a Russian caption,
# a JPEG poster of each and Russian WebVTT subtitles. The output is committed (src/server/db/seed/media), so
# this runs only when a clip changes, never at start-up. Needs Debian's ffmpeg and fonts-dejavu-core:
#   apt-get install -y ffmpeg fonts-dejavu-core && bash scripts/make-demo-media.sh
set -euo pipefail
cd "$(dirname "$0")/.."

out=src/server/db/seed/media
font=/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf
seconds=12
mkdir -p "$out"
[ -f "$font" ] || { echo "missing $font: apt-get install -y fonts-dejavu-core" >&2; exit 1; }

# slug | background RGB | shape RGB | shape mask over X, Y, T (1 inside the shape) | caption | three subtitle
# lines (one per four seconds). The shapes glide left and right so the picture is alive but calm.
cx='(320+150*sin(T*1.3))'
circle="lte(hypot(X-$cx,Y-245),75)"
square="lte(abs(X-$cx),70)*lte(abs(Y-245),70)"
triangle="gte(Y,175)*lte(Y,315)*lte(abs(X-$cx),(Y-175)*85/140)"
dots="lte(hypot(X-200-40*sin(T),Y-245),40)+lte(hypot(X-320-40*sin(T),Y-245),40)+lte(hypot(X-440-40*sin(T),Y-245),40)"
three="gte(T,1)*lte(hypot(X-170,Y-245),50)+gte(T,5)*lte(hypot(X-320,Y-245),50)+gte(T,9)*lte(hypot(X-470,Y-245),50)"
clips=(
  "red-circle|255 243 224|229 57 53|$circle|Красный круг|Посмотри: это красный круг.|Красное яблоко, красный мячик.|Найди дома что-нибудь красное и круглое!"
  "yellow-square|227 242 253|191 144 0|$square|Жёлтый квадрат|У квадрата четыре угла.|Жёлтый, как солнышко.|Нарисуй квадрат пальчиком в воздухе."
  "blue-triangle|241 248 233|30 136 229|$triangle|Синий треугольник|У треугольника три угла.|Он похож на крышу домика.|Посчитаем углы: раз, два, три!"
  "green-dots|252 228 236|46 125 50|$dots|Зелёные горошины|Зелёная травка, зелёный листок.|Прыг-скок — скачут горошины.|Какие зелёные предметы ты знаешь?"
  "count-three|237 231 246|230 81 0|$three|Раз, два, три|Давай считать вместе.|Раз — хлопок, два — хлопок.|Три — и прыжок!"
  "letter-a|224 247 250|142 36 170|0|Буква А|Это буква «А».|А-а-а — поёт малыш.|С буквы «А» начинается «арбуз»."
)

vtt_time() { printf '00:00:%02d.000' "$1"; }

for clip in "${clips[@]}"; do
  IFS='|' read -r slug bg fg mask caption s1 s2 s3 <<<"$clip"
  read -r br bgc bb <<<"$bg"
  read -r fr fgc fb <<<"$fg"
  echo "== $slug"
  # The letter lesson has no shape: its big letter bounces instead.
  letter=""
  [ "$slug" = letter-a ] && letter=",drawtext=fontfile=${font}:text='А':fontsize=170:fontcolor=0x8E24AA:x=(w-text_w)/2:y='160+20*abs(sin(t*2))'"
  ffmpeg -loglevel error -y \
    -f lavfi -i "color=c=black:s=640x360:r=15:d=${seconds}" \
    -f lavfi -i "aevalsrc=0.08*sin(2*PI*(392+98*floor(mod(t\,3)))*t):s=48000:d=${seconds}" \
    -vf "format=rgb24,geq=r='if(${mask},${fr},${br})':g='if(${mask},${fgc},${bgc})':b='if(${mask},${fb},${bb})',\
drawtext=fontfile=${font}:text='${caption}':fontsize=44:fontcolor=0x212121:x=(w-text_w)/2:y=60${letter},format=yuv420p" \
    -c:v libvpx-vp9 -b:v 180k -row-mt 1 -deadline good -cpu-used 4 \
    -c:a libopus -b:a 32k -shortest "$out/$slug.webm"
  ffmpeg -loglevel error -y -ss 1 -i "$out/$slug.webm" -frames:v 1 -q:v 5 "$out/$slug.jpg"
  {
    echo "WEBVTT"
    echo
    n=0
    for line in "$s1" "$s2" "$s3"; do
      echo "$((n + 1))"
      echo "$(vtt_time $((n * 4))) --> $(vtt_time $((n * 4 + 4)))"
      echo "$line"
      echo
      n=$((n + 1))
    done
  } >"$out/$slug.vtt"
done
du -ch "$out"/* | tail -1
