import { Card, CardContent, Typography } from '@mui/material';
import { Title } from 'react-admin';

/** '/': placeholder until the charts and KPI cards are built. */
export const DashboardPage = () => (
  <>
    <Title title="Dashboard" />
    <Card>
      <CardContent>
        <Typography component="h2" variant="h6" gutterBottom>
          Welcome
        </Typography>
        <Typography color="text.secondary">
          New users over time, pending withdrawals and the total number of users will appear here.
        </Typography>
      </CardContent>
    </Card>
  </>
);
