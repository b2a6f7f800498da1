"""Writes Tests/Fixtures/sun/noaa_2026.json: dawn, sunrise, sunset and dusk of 22 cities at the
2026 equinoxes and solstices, by astral 3.2 (PyPI; its sun module follows NOAA's solar calculator),
for SunTimesTests. Run once by hand: python3 -m venv /tmp/v && /tmp/v/bin/pip install astral==3.2;
/tmp/v/bin/python Tests/Generators/sun.py. Each time is minutes from midnight UTC of the city's
own date (negative where it falls on the UTC day before); null where the sun does not reach that
height (the white night's dusk). No city near 60° N: there the midsummer sun grazes 6° below the
horizon, and a hundredth of a degree in its declination moves dawn and dusk by minutes."""
import datetime, json
from zoneinfo import ZoneInfo
from astral import Observer
from astral.sun import dawn, sunrise, sunset, dusk

CITIES = [
    ('Reykjavik', 64.1466, -21.9426, 'Atlantic/Reykjavik'),
    ('Edinburgh', 55.9533, -3.1883, 'Europe/London'), ('Moscow', 55.7558, 37.6173, 'Europe/Moscow'),
    ('Berlin', 52.52, 13.405, 'Europe/Berlin'), ('Paris', 48.8566, 2.3522, 'Europe/Paris'),
    ('Vancouver', 49.2827, -123.1207, 'America/Vancouver'), ('New York', 40.7128, -74.006, 'America/New_York'),
    ('Madrid', 40.4168, -3.7038, 'Europe/Madrid'), ('Tokyo', 35.6812, 139.7671, 'Asia/Tokyo'),
    ('Los Angeles', 34.0522, -118.2437, 'America/Los_Angeles'), ('Cairo', 30.0444, 31.2357, 'Africa/Cairo'),
    ('Hanoi', 21.0287, 105.8524, 'Asia/Ho_Chi_Minh'), ('Mumbai', 19.076, 72.8777, 'Asia/Kolkata'),
    ('Singapore', 1.2897, 103.8501, 'Asia/Singapore'), ('Nairobi', -1.2921, 36.8219, 'Africa/Nairobi'),
    ('Jakarta', -6.2088, 106.8456, 'Asia/Jakarta'), ('São Paulo', -23.5505, -46.6333, 'America/Sao_Paulo'),
    ('Sydney', -33.8688, 151.2093, 'Australia/Sydney'), ('Cape Town', -33.9249, 18.4241, 'Africa/Johannesburg'),
    ('Buenos Aires', -34.6037, -58.3816, 'America/Argentina/Buenos_Aires'),
    ('Auckland', -36.8485, 174.7633, 'Pacific/Auckland'), ('Ushuaia', -54.8019, -68.303, 'America/Argentina/Ushuaia'),
]
DATES = [datetime.date(2026, 3, 20), datetime.date(2026, 6, 21), datetime.date(2026, 9, 23), datetime.date(2026, 12, 21)]

rows = []
for name, lat, lng, zone in CITIES:
    for date in DATES:
        midnight = datetime.datetime(date.year, date.month, date.day, tzinfo=datetime.timezone.utc)
        row = {'city': name, 'lat': lat, 'lng': lng, 'date': date.isoformat()}
        for event, function in (('dawn', dawn), ('sunrise', sunrise), ('sunset', sunset), ('dusk', dusk)):
            try:
                moment = function(Observer(lat, lng), date, tzinfo=ZoneInfo(zone))
                row[event] = round((moment - midnight).total_seconds() / 60, 2)
            except ValueError:
                row[event] = None
        rows.append(row)
with open('Tests/Fixtures/sun/noaa_2026.json', 'w') as f:
    f.write('[\n' + ',\n'.join(json.dumps(r, ensure_ascii=False) for r in rows) + '\n]\n')
