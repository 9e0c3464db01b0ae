import { BRAND, type Language } from '@curio/shared';
import type { MailMessage } from '../mailer.ts';

type VerifyText = (brand: string, link: string, hours: number) => { subject: string; text: string };
type AttemptText = (brand: string, signInLink: string, resetLink: string) => { subject: string; text: string };

/** The mail a new sign-up gets: opening the link verifies the address and signs the member in. */
const VERIFY_TEXT: Record<Language, VerifyText> = {
  'zh-CN': (brand, link, hours) => ({
    subject: `验证你的 ${brand} 邮箱`,
    text: `欢迎加入 ${brand}！\n\n请在 ${hours} 小时内打开以下链接验证邮箱并登录：\n${link}\n\n验证之后才能发放邀请奖励，也才能提现、转账和兑换积分。\n\n如果你没有注册过 ${brand}，请忽略此邮件。`,
  }),
  'zh-TW': (brand, link, hours) => ({
    subject: `驗證你的 ${brand} 電子郵件`,
    text: `歡迎加入 ${brand}！\n\n請在 ${hours} 小時內開啟以下連結驗證電子郵件並登入：\n${link}\n\n驗證之後才會發放邀請獎勵，也才能提領、轉帳和兌換積分。\n\n如果你沒有註冊過 ${brand}，請忽略此郵件。`,
  }),
  en: (brand, link, hours) => ({
    subject: `Verify your ${brand} e-mail`,
    text: `Welcome to ${brand}!\n\nOpen this link within ${hours} hours to verify your e-mail and sign in:\n${link}\n\nInvitation rewards are paid, and withdrawals, transfers and points redemption open, once your e-mail is verified.\n\nIf you did not sign up for ${brand}, ignore this e-mail.`,
  }),
  ja: (brand, link, hours) => ({
    subject: `${brand} のメールアドレスを確認してください`,
    text: `${brand} へようこそ！\n\n${hours} 時間以内に次のリンクを開いて、メールアドレスを確認しログインしてください：\n${link}\n\n確認が済むと招待特典が付与され、出金・送金・ポイント交換ができるようになります。\n\n${brand} に登録した覚えがない場合は、このメールを無視してください。`,
  }),
  ko: (brand, link, hours) => ({
    subject: `${brand} 이메일을 인증해 주세요`,
    text: `${brand}에 오신 것을 환영해요!\n\n${hours}시간 안에 다음 링크를 열어 이메일을 인증하고 로그인하세요:\n${link}\n\n인증을 마치면 초대 보상이 지급되고 출금, 송금, 포인트 교환을 할 수 있어요.\n\n${brand}에 가입한 적이 없다면 이 메일을 무시하세요.`,
  }),
  es: (brand, link, hours) => ({
    subject: `Verifica tu correo de ${brand}`,
    text: `¡Te damos la bienvenida a ${brand}!\n\nAbre este enlace en las próximas ${hours} horas para verificar tu correo e iniciar sesión:\n${link}\n\nCuando tu correo esté verificado se pagarán las recompensas por invitación y podrás retirar, transferir y canjear puntos.\n\nSi no te registraste en ${brand}, ignora este correo.`,
  }),
};

/**
 * What an address that already has an account gets when someone signs up with it: the sign-up
 * form answers exactly as for a new address, so only the mailbox's owner learns it is registered.
 */
const ATTEMPT_TEXT: Record<Language, AttemptText> = {
  'zh-CN': (brand, signIn, reset) => ({
    subject: `有人尝试用你的邮箱注册 ${brand}`,
    text: `有人刚刚尝试用这个邮箱注册 ${brand}，但它已经有账户了。\n\n如果是你本人，请直接登录：\n${signIn}\n\n忘记密码？可在这里重置：\n${reset}\n\n如果不是你，请忽略此邮件，你的账户没有任何变化。`,
  }),
  'zh-TW': (brand, signIn, reset) => ({
    subject: `有人嘗試用你的電子郵件註冊 ${brand}`,
    text: `有人剛剛嘗試用這個電子郵件註冊 ${brand}，但它已經有帳戶了。\n\n如果是你本人，請直接登入：\n${signIn}\n\n忘記密碼？可在這裡重設：\n${reset}\n\n如果不是你，請忽略此郵件，你的帳戶沒有任何變化。`,
  }),
  en: (brand, signIn, reset) => ({
    subject: `Someone tried to sign up for ${brand} with your e-mail`,
    text: `Someone just tried to sign up for ${brand} with this e-mail, which already has an account.\n\nIf it was you, sign in instead:\n${signIn}\n\nForgot your password? Reset it here:\n${reset}\n\nIf it was not you, ignore this e-mail; nothing about your account changed.`,
  }),
  ja: (brand, signIn, reset) => ({
    subject: `あなたのメールアドレスで ${brand} への登録が試みられました`,
    text: `このメールアドレスで ${brand} への新規登録が試みられましたが、すでにアカウントがあります。\n\nご本人の場合は、こちらからログインしてください：\n${signIn}\n\nパスワードをお忘れの場合は、こちらから再設定できます：\n${reset}\n\nお心当たりがない場合は、このメールを無視してください。アカウントには何の変更もありません。`,
  }),
  ko: (brand, signIn, reset) => ({
    subject: `누군가 이 이메일로 ${brand} 가입을 시도했어요`,
    text: `누군가 이 이메일로 ${brand} 가입을 시도했지만 이미 계정이 있어요.\n\n본인이라면 바로 로그인하세요:\n${signIn}\n\n비밀번호를 잊으셨나요? 여기서 재설정할 수 있어요:\n${reset}\n\n본인이 아니라면 이 메일을 무시하세요. 계정에는 아무 변화도 없어요.`,
  }),
  es: (brand, signIn, reset) => ({
    subject: `Alguien intentó registrarse en ${brand} con tu correo`,
    text: `Alguien acaba de intentar registrarse en ${brand} con este correo, que ya tiene una cuenta.\n\nSi fuiste tú, inicia sesión:\n${signIn}\n\n¿Olvidaste tu contraseña? Restablécela aquí:\n${reset}\n\nSi no fuiste tú, ignora este correo; tu cuenta no ha cambiado.`,
  }),
};

export function verificationMail(input: { to: string; language: Language; link: string; validForMs: number }): MailMessage {
  const { subject, text } = VERIFY_TEXT[input.language](BRAND, input.link, Math.round(input.validForMs / 3_600_000));
  return { to: input.to, subject, text };
}

export function signUpAttemptMail(input: { to: string; language: Language; signInLink: string; resetLink: string }): MailMessage {
  const { subject, text } = ATTEMPT_TEXT[input.language](BRAND, input.signInLink, input.resetLink);
  return { to: input.to, subject, text };
}
