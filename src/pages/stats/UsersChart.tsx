import { Box, useTheme } from '@mui/material';
import { LineChart, lineClasses } from '@mui/x-charts/LineChart';
import type { StatsRange } from '../../../contract/stats';
import { formatBucketLabel, formatBucketTooltip } from './chartLabels';

export interface UsersChartProps {
  range: StatsRange;
  labels: readonly string[];
  data: readonly number[];
}

const CHART_HEIGHT = 300;

/**
 * New users per bucket as a line (@mui/x-charts). Imported lazily by the dashboard, so the chart
 * library is fetched only when the dashboard is shown.
 */
const UsersChart = ({ range, labels, data }: UsersChartProps) => {
  const theme = useTheme();
  return (
    <Box role="figure" aria-label="New users chart" sx={{ width: '100%', height: CHART_HEIGHT }}>
      <LineChart
        height={CHART_HEIGHT}
        xAxis={[
          {
            scaleType: 'point',
            data: [...labels],
            valueFormatter: (value: string, context) =>
              context.location === 'tick'
                ? formatBucketLabel(value, range)
                : formatBucketTooltip(value, range),
          },
        ]}
        yAxis={[{ min: 0, tickMinStep: 1, width: 48 }]}
        series={[
          {
            data: [...data],
            label: 'New users',
            area: true,
            curve: 'monotoneX',
            showMark: data.length <= 31,
            color: theme.palette.primary.main,
          },
        ]}
        grid={{ horizontal: true }}
        hideLegend
        margin={{ left: 8, right: 32, top: 16, bottom: 8 }}
        sx={{ [`& .${lineClasses.area}`]: { fillOpacity: 0.15 } }}
      />
    </Box>
  );
};

export default UsersChart;
