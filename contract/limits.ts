/**
 * The longest text each form field takes, by form and API field name: the console's inputs carry
 * them as maxlength, so an admin meets a limit while typing, not after saving. Plain numbers,
 * so the console loads none of the schemas; limits.test.ts holds each to its schema.
 */
export const TEXT_MAX = {
  user: { username: 64, email: 254, referredBy: 64 },
  password: { newPassword: 1024 },
  permission: { grant: 100 },
  bot: { nickname: 64, avatarUrl: 2048 },
  category: { name: 100, slug: 100 },
  offer: { name: 100, gameName: 100 },
  withdrawalType: { key: 64, title: 100 },
  push: { headings: 200, contents: 2000 },
  onesignal: { appId: 36, restApiKey: 500, androidChannelId: 100, iosThreadId: 100 },
  unityAds: {
    androidGameId: 50,
    iosGameId: 50,
    rewardedPlacementAndroid: 100,
    rewardedPlacementIos: 100,
  },
} as const;
