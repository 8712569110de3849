// Daily revenue as a small SVG bar chart (no chart library). The numbers are also in a table for
// screen readers and for anyone who wants exact values.
import { formatKES, type Cents } from '@/domain/money';
import { formatDate } from '@/domain/dates';

interface Day {
  date: string;
  orders: number;
  revenueCents: Cents;
}

const WIDTH = 600;
const HEIGHT = 160;
const PAD_BOTTOM = 20;

export function RevenueChart({ days }: { days: Day[] }) {
  const max = Math.max(1, ...days.map((d) => d.revenueCents));
  const slot = WIDTH / Math.max(1, days.length);
  const barWidth = Math.max(2, slot * 0.7);
  const plotHeight = HEIGHT - PAD_BOTTOM;
  const first = days[0];
  const last = days.at(-1);
  return (
    <figure>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} className="h-40 w-full" role="img" aria-labelledby="revenue-chart-title">
        <title id="revenue-chart-title">
          Revenue per day, {first && formatDate(first.date)} to {last && formatDate(last.date)}; highest {formatKES(max)}
        </title>
        <line x1={0} y1={plotHeight} x2={WIDTH} y2={plotHeight} stroke="#94a3b8" strokeWidth={1} />
        {days.map((d, i) => {
          const h = (d.revenueCents / max) * (plotHeight - 4);
          return (
            <rect key={d.date} x={i * slot + (slot - barWidth) / 2} y={plotHeight - h} width={barWidth} height={h} rx={1} fill="#0e7490">
              <title>
                {formatDate(d.date)}: {formatKES(d.revenueCents)} ({d.orders} {d.orders === 1 ? 'order' : 'orders'})
              </title>
            </rect>
          );
        })}
        <text x={0} y={HEIGHT - 4} fontSize={12} fill="#475569">
          {first && formatDate(first.date)}
        </text>
        <text x={WIDTH} y={HEIGHT - 4} fontSize={12} fill="#475569" textAnchor="end">
          {last && formatDate(last.date)}
        </text>
      </svg>
      <figcaption className="sr-only">
        <table>
          <caption>Revenue per day</caption>
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col">Orders</th>
              <th scope="col">Revenue</th>
            </tr>
          </thead>
          <tbody>
            {days.map((d) => (
              <tr key={d.date}>
                <td>{formatDate(d.date)}</td>
                <td>{d.orders}</td>
                <td>{formatKES(d.revenueCents)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </figcaption>
    </figure>
  );
}
