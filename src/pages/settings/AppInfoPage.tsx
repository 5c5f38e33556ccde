import { Box, Chip, Typography } from '@mui/material';
import { useDataProvider } from 'react-admin';
import type { AppInfo } from '../../../contract/settings';
import { serverErrorText } from '../../apiErrors';
import {
  SettingsField,
  SettingsForm,
  SettingsScreen,
} from '../../components/settings/SettingsScreen';
import {
  type Failure,
  failureTitled,
  useSetting,
  useSettingsForm,
} from '../../components/settings/useSettingsForm';
import type { AppDataProvider } from '../../dataProvider';
import {
  APP_INFO_FIELDS,
  type AppInfoForm,
  appInfoBodyOf,
  appInfoFormOf,
  validateAppInfo,
} from './appInfo';

const FALLBACK = 'Error saving app info';

/** Spec section 8: the server's error text, or the fallback (with the network's reason). */
const appInfoFailure = (error: unknown): Failure => {
  const text = serverErrorText(error);
  return text ? { title: text } : failureTitled(FALLBACK)(error);
};

/** The app's about card as players would see it, from the trimmed values. */
const AboutPreview = ({ form }: { form: AppInfoForm }) => {
  const { title, version, email, description } = appInfoBodyOf(form);
  return (
    <Box
      aria-label="App info preview"
      role="group"
      sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
        <Typography component="h3" variant="h6" sx={{ wordBreak: 'break-word' }}>
          {title || 'Untitled app'}
        </Typography>
        {version && <Chip size="small" label={`v${version}`} />}
      </Box>
      <Typography sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
        {description || 'No description'}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-word' }}>
        {`Support: ${email || '-'}`}
      </Typography>
    </Box>
  );
};

const AppDetailsForm = ({ loaded }: { loaded: Partial<AppInfo> }) => {
  const dataProvider = useDataProvider<AppDataProvider>();
  const state = useSettingsForm({
    initial: appInfoFormOf(loaded),
    updatedAt: loaded.updatedAt ?? null,
    validate: validateAppInfo,
    bodyOf: appInfoBodyOf,
    send: dataProvider.saveAppInfo,
    accepted: (reply, body) =>
      reply?.ok
        ? {
            form: appInfoFormOf({ ...body, ...reply.appInfo }),
            updatedAt: reply.appInfo?.updatedAt ?? null,
          }
        : null,
    messages: { saved: 'App info saved', notSaved: FALLBACK, failed: appInfoFailure },
  });
  const { form, change, errors, saving } = state;
  return (
    <SettingsForm title="App details" state={state} preview={<AboutPreview form={form} />}>
      {APP_INFO_FIELDS.map(({ name, label, max }) => (
        <SettingsField
          key={name}
          label={label}
          required
          type={name === 'email' ? 'email' : 'text'}
          multiline={name === 'description'}
          minRows={name === 'description' ? 3 : undefined}
          value={form[name]}
          error={errors[name]}
          saving={saving}
          input={{ maxLength: max }}
          onChange={(value) => change(name, (f) => ({ ...f, [name]: value }))}
        />
      ))}
    </SettingsForm>
  );
};

/** /settings/appinfo: the app's title, version, support email and description. */
export const AppInfoPage = () => {
  const dataProvider = useDataProvider<AppDataProvider>();
  const query = useSetting('appInfo', dataProvider.getAppInfo);
  return (
    <SettingsScreen title="App Info" what="app info" query={query}>
      {(loaded) => <AppDetailsForm loaded={loaded} />}
    </SettingsScreen>
  );
};
