#!/usr/bin/env bash
# Install the Debian packages the tests need (Chromium, PostgreSQL, DejaVu fonts, poppler, dealer,
# gettext) when missing and we can.
# Never fails by itself: the tests say what they skipped, or fail in strict mode.
set -u
need=()
[ -x /usr/bin/chromium ] || need+=(chromium)
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || need+=(postgresql)
[ -f /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf ] || need+=(fonts-dejavu-core)  # PDF hand records
command -v pdftoppm >/dev/null || need+=(poppler-utils)  # a hand record looked at as a picture
[ -x /usr/games/dealer ] || need+=(dealer)  # dealer scripts: decks dealt to a specification
command -v msgfmt >/dev/null || need+=(gettext)  # the translations: compilemessages, makemessages
[ ${#need[@]} -eq 0 ] && exit 0
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  echo "Installing ${need[*]} with apt-get..."
  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}") >/tmp/deckupload-apt.log 2>&1 \
    || echo "apt-get install ${need[*]} failed; see /tmp/deckupload-apt.log"
else
  echo "Missing ${need[*]}: run 'sudo apt-get install ${need[*]}' to run the browser, PostgreSQL, dealer script and translation tests."
fi
exit 0
