"""Writes the holiday rules foodlogger reads (Sources/FoodLoggerDomain/Hours/Holidays/
HolidayData.swift) and the table its tests compare them with (Tests/Fixtures/holidays/
opening_hours_js_2024_2030.json), from what Tests/Generators/holidays.mjs dumped of
opening_hours.js (its definitions, LGPL-3.0 / ODbL, and the holidays its own code works out):

    node Tests/Generators/holidays.mjs /path/to/opening_hours.js > /tmp/holidays.json
    python3 Tests/Generators/holidays.py /tmp/holidays.json

Run once by hand, never by the build. The rules stay rules: opening_hours.js's named movable
days (`firstMayMonday`, `victoriaDay`, `nextMo-Fr17March`) become "the first of these weekdays on
or after (before) this day of the month", and its shift rules ("if saturday,sunday then next
monday") lists of moves; school holidays are dates, as opening_hours.js has them. Japan is left
out: its holidays follow the Act itself (JapaneseHolidays), citizens' holiday included."""
import json, re, sys

dump = json.load(open(sys.argv[1]))
WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday']
SHORT = {'Mo': 2, 'Tu': 3, 'We': 4, 'Th': 5, 'Fr': 6, 'Sa': 7, 'Su': 1}
MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September',
          'October', 'November', 'December']
DAYS_IN = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]


def weekday(name):  # Foundation's numbering: Sunday 1 … Saturday 7
    return WEEKDAYS.index(name.strip().lower()) + 1


def movable(name):
    """opening_hours.js's getMovableEventsForYear, as a weekday search from a day of a month."""
    if name == 'victoriaDay': return {'month': 5, 'day': 24, 'after': False, 'weekdays': [2]}
    if name == 'canadaDay': return {'month': 7, 'day': 1, 'after': True, 'weekdays': [2, 3, 4, 5, 6, 7]}
    if name == 'mondayBefore20Jun': return {'month': 6, 'day': 19, 'after': False, 'weekdays': [2]}
    m = re.fullmatch(r'(first|last)([A-Z][a-z]+)([A-Z][a-z]+)', name)
    if m:
        month = MONTHS.index(m[2]) + 1
        wd = [weekday(m[3])]
        if m[1] == 'first': return {'month': month, 'day': 1, 'after': True, 'weekdays': wd}
        # The month's last day; February's as the day before 1 March (day 0), leap years included.
        if month == 2: return {'month': 3, 'day': 0, 'after': False, 'weekdays': wd}
        return {'month': month, 'day': DAYS_IN[month - 1], 'after': False, 'weekdays': wd}
    m = re.fullmatch(r'next([A-Z][a-z]+)(\d+)([A-Z][a-z]+)', name)
    if m:
        month = next(i + 1 for i, n in enumerate(MONTHS) if n.startswith(m[3]))
        return {'month': month, 'day': int(m[2]), 'after': True, 'weekdays': [weekday(m[1])]}
    m = re.fullmatch(r'next(Mo|Tu|We|Th|Fr|Sa|Su)-(Mo|Tu|We|Th|Fr|Sa|Su)(\d+)([A-Z][a-z]+)', name)
    if m:
        month = MONTHS.index(m[4]) + 1
        first, last = SHORT[m[1]], SHORT[m[2]]
        return {'month': month, 'day': int(m[3]), 'after': True, 'weekdays': list(range(first, last + 1))}
    raise SystemExit('no rule for the movable day ' + name)


def moves(rule):
    """`if saturday,sunday then next monday if …` as [{"if": [7, 1], "next": 2}, …]."""
    clauses = re.findall(r'if\s+([a-z,\s]+?)\s+then\s+(next|previous)\s+([a-z]+)', rule)
    if not clauses: raise SystemExit('unreadable shift rule ' + rule)
    return [{'if': [weekday(w) for w in days.split(',')], direction: weekday(to)} for days, direction, to in clauses]


def holiday(item, codes):
    out = {'name': item['name']}
    if 'fixed_date' in item:
        out['fixed'] = item['fixed_date']
    elif item['variable_date'] == 'easter':
        out['easter'] = item.get('offset', 0)
    elif item['variable_date'] == 'orthodox easter':
        out['orthodoxEaster'] = item.get('offset', 0)
    else:
        out['weekday'] = movable(item['variable_date'])
        if item.get('offset'): out['weekday']['offset'] = item['offset']
    if 'year' in item: out['year'] = item['year']
    if 'years' in item: out['years'] = item['years']
    if 'only_states' in item: out['states'] = [codes.get(s, s) for s in item['only_states']]
    if 'shift_rule' in item: out['shift'] = moves(item['shift_rule'])
    if 'substitute_rule' in item: out['substitute'] = moves(item['substitute_rule'])
    if 'substitute_name' in item: out['substituteName'] = item['substitute_name']
    return out


def school(items):
    """Each holiday's ranges as [year, month, day, month, day] (ending in the next year when the
    end comes before the start)."""
    return [[int(year), *days] for item in items for year, days in item.items() if year != 'name']


countries, schools = {}, {}
for cc, definition in sorted(dump['definitions'].items()):
    if cc == 'jp' or not isinstance(definition, dict): continue
    states = {name: value for name, value in definition.items()
              if isinstance(value, dict) and not name.startswith('_')}
    codes = {name: value.get('_state_code', name) for name, value in states.items()}
    public = [holiday(h, codes) for h in definition.get('PH') or []]
    national = [h for h in public if 'states' not in h]
    ph, sh = {'states': []}, {'states': []}
    if public: ph['PH'] = public
    if definition.get('SH'): sh['SH'] = school(definition['SH'])
    for name, value in states.items():
        state = {'code': codes[name], 'name': name}
        if value.get('PH'):
            own = [holiday(h, codes) for h in value['PH']]
            # Most states list the country's holidays again (the United States' 55): those are
            # written as what they add to the country's.
            if national and all(h in own for h in national):
                state['adds'] = [h for h in own if h not in national]
            else:
                state['PH'] = own
        ph['states'].append(state)
        if value.get('SH'):
            # A state's school holidays add to the country's those of another name (getMatchingHoliday).
            names = {item.get('name') for item in definition.get('SH') or []}
            items = (definition.get('SH') or []) + [item for item in value['SH'] if item.get('name') not in names]
            sh['states'].append({'code': codes[name], 'name': name, 'SH': school(items)})
    if 'PH' in ph or any('PH' in s or 'adds' in s for s in ph['states']):
        countries[cc.upper()] = ph
    if 'SH' in sh or sh['states']:
        schools[cc.upper()] = sh


def write(swift, name, doc, definitions):
    swift.write('    /// %s\n' % doc)
    swift.write('    static let %s: [String: String] = [\n' % name)
    for cc, out in definitions.items():
        text = json.dumps(out, ensure_ascii=False, separators=(',', ':'))
        # Lines of 100 characters joined by the string's line continuation: JSON without backslashes.
        assert '\\' not in text and '"""' not in text
        swift.write('        "%s": """\n' % cc)
        for k in range(0, len(text), 100):
            swift.write('        ' + text[k:k + 100] + ('\\\n' if k + 100 < len(text) else '\n'))
        swift.write('        """,\n')
    swift.write('    ]\n')


swift = open('Sources/FoodLoggerDomain/Hours/Holidays/HolidayData.swift', 'w')
swift.write('// Generated by Tests/Generators/holidays.py from opening_hours.js\'s holiday definitions\n')
swift.write('// (src/holidays/, LGPL-3.0-only and ODbL-1.0); do not edit by hand.\n\n')
swift.write('extension HolidayCalendar {\n')
write(swift, 'definitions', 'Each country\'s public holidays as JSON (`HolidayCalendar.Country`).', countries)
swift.write('\n')
write(swift, 'schoolDefinitions', 'Each country\'s school holidays, apart: most questions are of public ones.', schools)
swift.write('}\n')

table = {}
for key, days in sorted(dump['table'].items()):
    if key.split('-')[0] == 'jp' and key != 'jp': continue
    years = {}
    for day in days: years.setdefault(day[:4], []).append(day[5:7] + day[8:10])
    table[key.upper()] = {year: ' '.join(v) for year, v in years.items()}
import os
os.makedirs('Tests/Fixtures/holidays', exist_ok=True)
with open('Tests/Fixtures/holidays/opening_hours_js_2024_2030.json', 'w') as f:
    f.write('{\n' + ',\n'.join('%s: %s' % (json.dumps(k, ensure_ascii=False), json.dumps(v))
                               for k, v in table.items()) + '\n}\n')
print(len(countries), 'countries with public holidays,', len(schools), 'with school holidays;', len(table), 'places in the table', file=sys.stderr)
