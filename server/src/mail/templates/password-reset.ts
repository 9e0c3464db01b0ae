import { BRAND, type Language } from '@curio/shared';
import type { MailMessage } from '../mailer.ts';

type ResetText = (brand: string, link: string, minutes: number) => { subject: string; text: string };

/** The reset mail in the member's language; the brand comes from shared/src/brand.ts. */
const RESET_TEXT: Record<Language, ResetText> = {
  'zh-CN': (brand, link, minutes) => ({
    subject: `${brand} 密码重置`,
    text: `我们收到了重置你的 ${brand} 账户密码的请求。\n\n请在 ${minutes} 分钟内打开以下链接设置新密码：\n${link}\n\n如果这不是你本人的操作，请忽略此邮件，你的密码不会改变。`,
  }),
  'zh-TW': (brand, link, minutes) => ({
    subject: `${brand} 密碼重設`,
    text: `我們收到了重設你的 ${brand} 帳戶密碼的請求。\n\n請在 ${minutes} 分鐘內開啟以下連結設定新密碼：\n${link}\n\n如果這不是你本人的操作，請忽略此郵件，你的密碼不會改變。`,
  }),
  en: (brand, link, minutes) => ({
    subject: `Reset your ${brand} password`,
    text: `We received a request to reset the password of your ${brand} account.\n\nOpen this link within ${minutes} minutes to choose a new password:\n${link}\n\nIf you did not ask for this, ignore this e-mail; your password stays the same.`,
  }),
  ja: (brand, link, minutes) => ({
    subject: `${brand} パスワードの再設定`,
    text: `${brand} アカウントのパスワード再設定のリクエストを受け付けました。\n\n${minutes} 分以内に次のリンクを開いて新しいパスワードを設定してください：\n${link}\n\nお心当たりがない場合はこのメールを無視してください。パスワードは変更されません。`,
  }),
  ko: (brand, link, minutes) => ({
    subject: `${brand} 비밀번호 재설정`,
    text: `${brand} 계정의 비밀번호 재설정 요청을 받았습니다.\n\n${minutes}분 안에 다음 링크를 열어 새 비밀번호를 설정하세요:\n${link}\n\n본인이 요청하지 않았다면 이 메일을 무시하세요. 비밀번호는 바뀌지 않습니다.`,
  }),
  es: (brand, link, minutes) => ({
    subject: `Restablece tu contraseña de ${brand}`,
    text: `Hemos recibido una solicitud para restablecer la contraseña de tu cuenta de ${brand}.\n\nAbre este enlace en los próximos ${minutes} minutos para elegir una contraseña nueva:\n${link}\n\nSi no lo has solicitado, ignora este correo; tu contraseña no cambiará.`,
  }),
};

export function passwordResetMail(input: { to: string; language: Language; link: string; validForMs: number }): MailMessage {
  const { subject, text } = RESET_TEXT[input.language](BRAND, input.link, Math.round(input.validForMs / 60_000));
  return { to: input.to, subject, text };
}
