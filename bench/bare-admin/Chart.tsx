import { LineChart } from '@mui/x-charts/LineChart';

const DAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
const SIGN_UPS = [4, 7, 3, 9, 12, 6, 8];

/** The dashboard's line chart, in its own chunk as the console's (dashboard/UsersChart.tsx). */
const Chart = () => (
  <figure aria-label="New users chart" style={{ margin: 0 }}>
    <LineChart
      height={300}
      xAxis={[{ scaleType: 'point', data: DAYS }]}
      yAxis={[{ min: 0, tickMinStep: 1 }]}
      series={[{ data: SIGN_UPS, label: 'New users', area: true, curve: 'monotoneX' }]}
      grid={{ horizontal: true }}
      hideLegend
    />
  </figure>
);

export default Chart;
