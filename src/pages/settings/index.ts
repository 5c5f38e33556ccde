export const DailyRewardsPage = () => null;
export const ReferralPage = () => null;
export const AppInfoPage = () => null;
