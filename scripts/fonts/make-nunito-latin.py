"""Builds src/web/styles/fonts/nunito-latin-basic-wght.woff2: the Latin and punctuation half of the school's
two font files. A dev tool, run by hand when the characters change (needs Debian's `fonttools` and
`python3-brotli`); the output is committed, so neither a build nor a start needs Python.

Fontsource's Latin subset of variable Nunito carries ~290 glyphs a Russian page never shows, and lacks the
rouble sign (in its Latin-ext file, 35 KB for one glyph). This keeps the characters the school's texts use
and copies «₽» over from the Latin-ext file, so a price needs no third file. HVAR is dropped: advance widths
then vary through gvar's phantom points, which every variable-font renderer reads.
"""
import sys
from fontTools import subset
from fontTools.ttLib import TTFont

SOURCE = "node_modules/@fontsource-variable/nunito/files/nunito-{}-wght-normal.woff2"
OUT = "src/web/styles/fonts/nunito-latin-basic-wght.woff2"
# Printable ASCII, no-break space, «» · × °, dashes and quotes, bullet, ellipsis, narrow no-break space,
# the rouble sign is added below.
TEXT_RANGES = [(0x20, 0x7E), (0xA0, 0xA0), (0xAB, 0xAB), (0xBB, 0xBB), (0xB0, 0xB0), (0xB7, 0xB7),
               (0xD7, 0xD7), (0x2010, 0x2014), (0x2018, 0x201E), (0x2022, 0x2022), (0x2026, 0x2026),
               (0x202F, 0x202F), (0xA9, 0xA9)]
ROUBLE = 0x20BD


def main() -> None:
    font = TTFont(SOURCE.format("latin"))
    options = subset.Options()
    options.layout_features = ["kern", "liga", "calt", "locl"]
    options.flavor = None
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=[c for lo, hi in TEXT_RANGES for c in range(lo, hi + 1)])
    subsetter.subset(font)

    donor = TTFont(SOURCE.format("latin-ext"))
    name = donor.getBestCmap()[ROUBLE]
    glyph = donor["glyf"][name]
    glyph.expand(donor["glyf"])
    order = font.getGlyphOrder() + [name]
    font.setGlyphOrder(order)
    font["glyf"].glyphOrder = order
    font["glyf"].glyphs[name] = glyph
    font["hmtx"].metrics[name] = donor["hmtx"].metrics[name]
    font["gvar"].variations[name] = donor["gvar"].variations.get(name, [])
    for table in font["cmap"].tables:
        if table.isUnicode():
            table.cmap[ROUBLE] = name
    font["maxp"].numGlyphs = len(order)
    if "HVAR" in font:
        del font["HVAR"]
    font.flavor = "woff2"
    font.save(OUT)
    print(OUT, file=sys.stderr)


if __name__ == "__main__":
    main()
