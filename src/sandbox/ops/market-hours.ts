/**
 * §4.13 getMarketHours, §4.14 updateSecurityMarketHours, and getSecurityMarketHours (seen in real
 * traffic, real-world notes §4.2). Requests say `<day>HoursStart`/`<day>HoursEnd` as HH:mm; responses
 * split them into unpadded `<day>StartHours`/`<day>StartMins`/... strings (§2.7, §2.8).
 */
import { type Operation, ok } from '../context.js';
import type { Params } from '../http/params.js';
import { WEEKDAYS, type DayHours, type WeekHours } from '../state/model.js';

const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** `closedKey` differs: global hours say `<day>closed`, security hours `<day>Closed` (§2.7/§2.8). */
function renderWeek(week: WeekHours, closedKey: 'closed' | 'Closed'): Record<string, string> {
  const out: Record<string, string> = {};
  for (const day of WEEKDAYS) {
    const hours = week[day];
    out[`${day}${closedKey}`] = hours.closed ? 'Yes' : 'No';
    out[`${day}StartHours`] = String(hours.startHour);
    out[`${day}StartMins`] = String(hours.startMinute);
    out[`${day}CloseHours`] = String(hours.closeHour);
    out[`${day}CloseMins`] = String(hours.closeMinute);
  }
  return out;
}

/** Global hours never change, so their rendering is kept per state (a hot small read). */
const renderedGlobal = new WeakMap<WeekHours, Record<string, string>>();

export const getMarketHours: Operation = {
  name: 'getMarketHours',
  handle(_request, ctx) {
    const week = ctx.store.state.globalHours;
    let rendered = renderedGlobal.get(week);
    if (!rendered) renderedGlobal.set(week, (rendered = renderWeek(week, 'closed')));
    return ok({ globalMarketHours: rendered });
  },
};

function requireSecurity(params: Params, hours: Record<string, WeekHours>): string {
  const securityId = params.required('securityId');
  params.check('securityId', securityId, (v) => hours[v] !== undefined, 'Security does not exist');
  return securityId;
}

export const getSecurityMarketHours: Operation = {
  name: 'getSecurityMarketHours',
  handle({ params }, ctx) {
    const hours = ctx.store.state.securityHours;
    const securityId = requireSecurity(params, hours);
    params.assertValid();
    return ok({ securityHoursDetails: { securityId, ...renderWeek(hours[securityId], 'Closed') } });
  },
};

export const updateSecurityMarketHours: Operation = {
  name: 'updateSecurityMarketHours',
  // The method its heading names (§4.14: labelled GET, invoked with POST); another is refused, 405.
  methods: ['GET', 'POST'],
  handle({ params }, ctx) {
    const hours = ctx.store.state.securityHours;
    const securityId = requireSecurity(params, hours);
    const changes: Partial<Record<(typeof WEEKDAYS)[number], Partial<DayHours>>> = {};
    for (const day of WEEKDAYS) {
      const start = params.optional(`${day}HoursStart`);
      const end = params.optional(`${day}HoursEnd`);
      const closedText = params.optional(`${day}Closed`).toLowerCase();
      // §4.14: "yes" when closed; null (absent) when hours are given; "no" is also sent.
      const closed = closedText === '' || closedText === 'null' ? undefined : closedText;
      params.check(`${day}Closed`, closed ?? '', (v) => v === 'yes' || v === 'no', 'yes or no');
      params.check(`${day}HoursStart`, start, (v) => TIME.test(v), 'Time HH:mm (EST)');
      params.check(`${day}HoursEnd`, end, (v) => TIME.test(v), 'Time HH:mm (EST)');
      if ((start === '') !== (end === ''))
        params.fail(start ? `${day}HoursEnd` : `${day}HoursStart`, 'Missing');
      if (start && end && closed === 'yes')
        params.fail(`${day}Closed`, 'Must be null when hours are given');
      const s = TIME.exec(start);
      const e = TIME.exec(end);
      if (s && e) {
        const [sh, sm, eh, em] = [s[1], s[2], e[1], e[2]].map(Number);
        if (sh * 60 + sm >= eh * 60 + em) params.fail(`${day}HoursEnd`, 'Must be after the start');
        changes[day] = {
          closed: false,
          startHour: sh,
          startMinute: sm,
          closeHour: eh,
          closeMinute: em,
        };
      } else if (closed !== undefined) {
        changes[day] = { closed: closed === 'yes' };
      }
    }
    params.assertValid();
    const week = hours[securityId];
    for (const day of WEEKDAYS) if (changes[day]) week[day] = { ...week[day], ...changes[day] };
    ctx.store.changed();
    return ok({ securityHoursDetails: { securityId, ...renderWeek(week, 'Closed') } });
  },
};
