import { http, HttpResponse } from 'msw';
import type { DayHours, WeekHours } from '../../contract/market-hours';
import { marketHoursAt } from '../../contract/market-week';

/** A day of the market's regular session, 9:30 AM to 4:00 PM Eastern. */
export const regularDay: DayHours = { closed: false, open: '09:30', close: '16:00' };

/** The regular session every weekday. */
export const regularWeek: WeekHours = {
  monday: regularDay,
  tuesday: regularDay,
  wednesday: regularDay,
  thursday: regularDay,
  friday: regularDay,
};

/**
 * The BFF's `GET /api/market-hours` for a market keeping `hours`, answered as its route does: the
 * week around the moment of the request.
 */
export const marketHoursAnswer = (hours: WeekHours = regularWeek) =>
  http.get('/api/market-hours', () => HttpResponse.json(marketHoursAt(hours, new Date())));
