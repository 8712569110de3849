import { Volume2, VolumeX } from 'lucide-react';
import { useSession } from '../../account/use-session';
import { unlockAudio } from '../payment-sound';
import { soundPreference, useSoundEnabled } from '../sound-preference';
import { usePaymentsText } from '../../../i18n/payments-text';
import { SOUND_TOGGLE_SIZE } from './sound-toggle-size';

/** The customer's switch for payment notice tones (remembered in this browser). */
export function SoundToggle() {
  const { data } = useSession();
  const enabled = useSoundEnabled();
  const t = usePaymentsText();
  if (!data?.user) return null;
  const toggle = () => {
    if (!enabled) unlockAudio(); // the click is the gesture browsers require before audio plays
    soundPreference.set(!enabled);
  };
  return (
    <button
      type="button"
      onClick={toggle}
      aria-pressed={enabled}
      aria-label={t('paymentSounds')}
      title={enabled ? t('paymentSoundsOn') : t('paymentSoundsOff')}
      className={`inline-flex items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 ${SOUND_TOGGLE_SIZE}`}
    >
      {enabled ? <Volume2 aria-hidden="true" className="h-5 w-5" /> : <VolumeX aria-hidden="true" className="h-5 w-5" />}
    </button>
  );
}
