import type { DayHours, WeekHours } from '../../contract/market-hours';

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
