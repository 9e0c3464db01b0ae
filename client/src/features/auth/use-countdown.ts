import { useCallback, useEffect, useState } from 'react';

/** Whole seconds left until a deadline set by `start`, ticking once a second (reset-link cooldown). */
export function useCountdown(): { secondsLeft: number; start: (seconds: number) => void } {
  const [deadline, setDeadline] = useState<number | null>(null);
  const [secondsLeft, setSecondsLeft] = useState(0);

  const start = useCallback((seconds: number) => {
    const whole = Math.max(0, Math.ceil(seconds));
    setDeadline(Date.now() + whole * 1000);
    setSecondsLeft(whole);
  }, []);

  useEffect(() => {
    if (deadline === null) return;
    const timer = window.setInterval(() => {
      const left = Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
      setSecondsLeft(left);
      if (left === 0) window.clearInterval(timer);
    }, 250);
    return () => window.clearInterval(timer);
  }, [deadline]);

  return { secondsLeft, start };
}
