import { Box, Chip, Typography } from '@mui/material';
import { serverErrorText } from '../../apiErrors';
import { type Failure, failureTitled } from '../../components/ErrorAlert';
import { SettingsEdit } from '../../components/settings/SettingsEdit';
import { SettingsField, SettingsForm, Watched } from '../../components/settings/SettingsForm';
import {
  APP_INFO_FIELDS,
  type AppInfoForm,
  appInfoBodyOf,
  appInfoFormOf,
  appInfoResolver,
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

/** /settings/appinfo: the app's title, version, support email and description. */
export const AppInfoPage = () => (
  <SettingsEdit
    resource="app-info"
    title="App Info"
    what="app info"
    formOf={appInfoFormOf}
    bodyOf={appInfoBodyOf}
    resolver={appInfoResolver}
    messages={{ saved: 'App info saved', notSaved: FALLBACK, failed: appInfoFailure }}
  >
    <SettingsForm
      title="App details"
      preview={<Watched<AppInfoForm>>{(form) => <AboutPreview form={form} />}</Watched>}
    >
      {APP_INFO_FIELDS.map(({ name, label, max }) => (
        <SettingsField
          key={name}
          name={name}
          label={label}
          required
          type={name === 'email' ? 'email' : 'text'}
          multiline={name === 'description'}
          minRows={name === 'description' ? 3 : undefined}
          input={{ maxLength: max }}
        />
      ))}
    </SettingsForm>
  </SettingsEdit>
);
