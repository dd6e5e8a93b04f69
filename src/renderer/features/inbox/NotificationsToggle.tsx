import { getBridge } from '../../bridge/index.js';
import { explain } from '../../stores/notice-store.js';
import { useInbox } from './inbox-store.js';

/**
 * Turns desktop notifications on or off for the connection. Turning them on asks first
 * whether they can reach the person (the browser's permission; in the desktop app the
 * system's answer, which is no for an unsigned macOS build), and says why not instead of
 * turning on something that would never show.
 */
export function NotificationsToggle({ on }: { on: boolean }) {
  const setNotifications = useInbox((s) => s.setNotifications);
  const toggle = async () => {
    if (on) return setNotifications(false);
    // Browser mode asks the browser first; the desktop app uses the system's notifications.
    if (getBridge().mode === 'browser') {
      if (typeof Notification === 'undefined') return explain('This browser cannot show notifications.');
      const permission = Notification.permission === 'granted' ? 'granted' : await Notification.requestPermission();
      if (permission !== 'granted')
        return explain(
          'The browser did not allow notifications. Allow them for this page in the browser’s site settings, then try again.',
        );
    } else {
      // The desktop app asks the system first (an unsigned macOS build gets none): say so now, not never.
      const can = await getBridge().notify.availability();
      if (!can.ok) return explain(can.error.message);
      if (!can.data.available) return explain(can.data.reason ?? 'This system cannot show desktop notifications.');
    }
    setNotifications(true);
  };
  return (
    <label className="inbox__toggle">
      <input type="checkbox" checked={on} onChange={() => void toggle()} data-testid="inbox-notifications" />
      Desktop notifications for this connection
    </label>
  );
}
