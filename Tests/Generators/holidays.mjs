// Dumps opening_hours.js's holiday definitions, and the public holidays its own code works out
// from them, for Tests/Generators/holidays.py. Run once by hand from a checkout of
// opening_hours.js (github.com/opening-hours/opening_hours.js):
//   node Tests/Generators/holidays.mjs /path/to/opening_hours.js > /tmp/holidays.json
// (a checkout whose package.json says "type": "module", so node reads its src/ as ES modules).
// Its functions getMatchingHoliday and getApplyingHolidaysForYear (src/index.js) are run as
// written, cut out of the library's closure with the two helpers they call stubbed.
import fs from 'node:fs';

const root = process.argv[2];
const definitions = await import(`${root}/src/holidays/generated-openholidays.js`);
const source = fs.readFileSync(`${root}/src/index.js`, 'utf8');
const body = source.slice(source.indexOf('    function getMatchingHoliday(type_of_holidays)'),
    source.indexOf('    /* Year range parser'));
const library = (cc, state) => new Function('holiday_definitions', 'location_cc', 'location_state', 't',
    'formatLibraryBugMessage', `${body}; return { getMatchingHoliday, getApplyingHolidaysForYear };`)(
    definitions, cc, state, (name) => name, (message) => message);

const pad = (n) => String(n).padStart(2, '0');
/** The holidays of 2024–2030 as "YYYY-MM-DD", where `state` (a name, or undefined) is. */
function reference(cc, state) {
    const { getMatchingHoliday, getApplyingHolidaysForYear } = library(cc, state);
    let applying;
    try { applying = getMatchingHoliday('PH'); } catch { return null; }
    const days = [];
    for (let year = 2024; year <= 2030; year++) {
        for (const [date] of getApplyingHolidaysForYear(applying, year, [0, 0])) {
            days.push(`${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`);
        }
    }
    return [...new Set(days)].sort();
}

const table = {};
for (const [cc, country] of Object.entries(definitions)) {
    const national = reference(cc, undefined);
    if (national) table[cc] = national;
    for (const [state, value] of Object.entries(country)) {
        if (typeof value !== 'object' || Array.isArray(value) || !value._state_code) continue;
        const days = reference(cc, state);
        // A few regions stand under two spellings (Cataluña, Catalunya) of which the holidays'
        // only_states name one: the region's holidays are the longer list.
        const key = `${cc}-${value._state_code}`;
        if (days && days.length > (table[key] || []).length) table[key] = days;
    }
}
process.stdout.write(JSON.stringify({ definitions, table }));
