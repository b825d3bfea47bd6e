"""Generates src/assets/auth-background.svg: a stylised night map of a city with bike routes.

Deterministic (fixed seed). Run: python3 apps/web/scripts/generate-auth-background.py
"""
import math
import random
from pathlib import Path

random.seed(17)
W, H = 1600, 1000
out = []
add = out.append

add(f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {W} {H}" preserveAspectRatio="xMidYMid slice">')
add('<defs>')
add('<linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#07131f"/>'
    '<stop offset=".55" stop-color="#0c2136"/><stop offset="1" stop-color="#0f3140"/></linearGradient>')
add('<linearGradient id="route" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#2eb9a8" stop-opacity="0"/>'
    '<stop offset=".25" stop-color="#2eb9a8"/><stop offset="1" stop-color="#7fe3d3"/></linearGradient>')
add('<radialGradient id="glow" cx=".72" cy=".38" r=".6"><stop offset="0" stop-color="#16998b" stop-opacity=".28"/>'
    '<stop offset="1" stop-color="#16998b" stop-opacity="0"/></radialGradient>')
add('<radialGradient id="vignette" cx=".5" cy=".5" r=".75"><stop offset=".55" stop-color="#07131f" stop-opacity="0"/>'
    '<stop offset="1" stop-color="#07131f" stop-opacity=".75"/></radialGradient>')
add('</defs>')
add(f'<rect width="{W}" height="{H}" fill="url(#bg)"/>')
add(f'<rect width="{W}" height="{H}" fill="url(#glow)"/>')

# city blocks on a rotated grid
add('<g transform="rotate(-14 800 500)">')
block, street = 74, 16
for gx in range(-8, 28):
    for gy in range(-8, 20):
        if random.random() < 0.1:
            continue
        x = gx * (block + street)
        y = gy * (block + street)
        w = block if random.random() > 0.15 else block * 2 + street
        park = random.random() < 0.07
        fill = '#12392f' if park else ('#10263b' if random.random() > 0.3 else '#0e2234')
        opacity = '.9' if park else '.85'
        add(f'<rect x="{x}" y="{y}" width="{w}" height="{block}" rx="6" fill="{fill}" opacity="{opacity}"/>')
# main avenues
for gx in (3, 9, 15):
    x = gx * (block + street) - street / 2 - 4
    add(f'<rect x="{x}" y="-800" width="12" height="2600" fill="#173450"/>')
for gy in (2, 7):
    y = gy * (block + street) - street / 2 - 4
    add(f'<rect x="-800" y="{y}" width="3200" height="12" fill="#173450"/>')
add('</g>')

# river
add('<path d="M-50 770 C 260 700, 420 860, 700 800 S 1150 640, 1400 700 S 1600 760, 1700 720" '
    'fill="none" stroke="#0a2238" stroke-width="70" stroke-linecap="round"/>')
add('<path d="M-50 770 C 260 700, 420 860, 700 800 S 1150 640, 1400 700 S 1600 760, 1700 720" '
    'fill="none" stroke="#12324d" stroke-width="2" stroke-dasharray="2 10" opacity=".8"/>')

# bike routes with a soft glow under a bright line
routes = [
    'M 120 240 C 320 200, 420 420, 640 380 S 980 180, 1180 300 S 1420 420, 1560 360',
    'M 200 900 C 380 760, 520 640, 760 620 S 1080 520, 1220 560',
    'M 900 60 C 940 220, 860 360, 980 480 S 1180 600, 1300 860',
    'M -20 520 C 180 540, 300 460, 460 520 S 700 600, 820 520',
]
for d in routes:
    add(f'<path d="{d}" fill="none" stroke="#2eb9a8" stroke-opacity=".14" stroke-width="14" stroke-linecap="round"/>')
    add(f'<path d="{d}" fill="none" stroke="url(#route)" stroke-width="3" stroke-linecap="round"/>')

# bikes: dots with halos
for _ in range(42):
    x = random.uniform(40, W - 40)
    y = random.uniform(40, H - 40)
    r = random.choice((3, 3.5, 4, 5))
    warn = random.random() < 0.12
    colour = '#f5a524' if warn else ('#7fe3d3' if random.random() > 0.35 else '#ffffff')
    add(f'<circle cx="{x:.0f}" cy="{y:.0f}" r="{r * 3.2:.1f}" fill="{colour}" opacity=".12"/>')
    add(f'<circle cx="{x:.0f}" cy="{y:.0f}" r="{r}" fill="{colour}" opacity=".9"/>')

# a highlighted bike with pulse rings
for ring, opacity in ((46, '.10'), (30, '.18'), (16, '.35')):
    add(f'<circle cx="1180" cy="300" r="{ring}" fill="none" stroke="#7fe3d3" stroke-width="2" opacity="{opacity}"/>')
add('<circle cx="1180" cy="300" r="7" fill="#7fe3d3"/>')

add(f'<rect width="{W}" height="{H}" fill="url(#vignette)"/>')
add('</svg>')

target = Path(__file__).resolve().parent.parent / 'src' / 'assets' / 'auth-background.svg'
target.write_text(''.join(out) + '\n')
print(target, target.stat().st_size, 'bytes')
