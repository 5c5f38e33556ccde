import { Card, CardContent, CardHeader } from '@mui/material';
import { lazy, Suspense } from 'react';
import { Title } from 'react-admin';

// As the console's dashboard does: @mui/x-charts is fetched only when the dashboard renders.
const Chart = lazy(() => import('./Chart'));

export const Dashboard = () => (
  <Card>
    <Title title="Dashboard" />
    <CardHeader title="New users" />
    <CardContent>
      <Suspense fallback={null}>
        <Chart />
      </Suspense>
    </CardContent>
  </Card>
);
