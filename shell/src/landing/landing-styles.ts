import { cssVar } from '../theme/palette.js';

const text = cssVar('colorText');
const secondary = cssVar('colorTextSecondary');
const container = cssVar('colorBgContainer');
const divider = `1px solid ${cssVar('colorBorderSecondary')}`;
const primary = cssVar('colorPrimary');
const primaryHover = cssVar('colorPrimaryHover');
const primaryActive = cssVar('colorPrimaryActive');

/**
 * The landing page's look: antd's (its button, tag, card and heading styles, in the app's palette and antd's
 * breakpoints: md 768 px, lg 992 px), written as plain CSS so that signed-out visitors download no antd.
 */
export const LANDING_CSS = `
.landing{min-height:100vh;display:flex;flex-direction:column;background:${cssVar('colorBgLayout')};color:${text}}
.landing main{flex:1}
.landing-container{max-width:1160px;margin:0 auto;padding:0 24px}

.landing-header{background:${container};border-bottom:${divider}}
.landing-header-row{display:flex;align-items:center;gap:12px;height:64px}
.landing-brand{flex:1;line-height:1.2}
.landing-product{font-size:18px;font-weight:700}
.landing-tagline{font-size:12px;color:${secondary}}

.landing-button{display:inline-flex;align-items:center;justify-content:center;gap:8px;box-sizing:border-box;height:32px;
  padding:0 15px;font:inherit;font-size:14px;color:${text};background:${container};border:1px solid ${cssVar('colorBorder')};
  border-radius:8px;box-shadow:0 2px 0 ${cssVar('colorFillQuaternary')};cursor:pointer;
  transition:all .2s cubic-bezier(.645,.045,.355,1)}
.landing-button:hover{color:${primaryHover};border-color:${primaryHover}}
.landing-button:active{color:${primaryActive};border-color:${primaryActive}}
.landing-button:focus-visible{outline:3px solid ${cssVar('colorPrimaryBorder')};outline-offset:1px}
.landing-button-large{height:40px;font-size:16px;border-radius:10px}
.landing-button-primary{color:#fff;background:${primary};border-color:transparent;box-shadow:0 2px 0 ${cssVar('controlOutline')}}
.landing-button-primary:hover{color:#fff;background:${primaryHover};border-color:transparent}
.landing-button-primary:active{color:#fff;background:${primaryActive};border-color:transparent}
.landing-button-strong{font-weight:600}

.landing-tag{display:inline-block;box-sizing:border-box;height:22px;padding:0 7px;font-size:12px;line-height:20px;
  white-space:nowrap;border:1px solid transparent;border-radius:6px}
.landing-tag-blue{color:${cssVar('blue7')};background:${cssVar('blue1')}}
.landing-tag-processing{color:${cssVar('blue7')};background:${cssVar('colorInfoBg')}}
.landing-tag-purple{color:${cssVar('purple8')};background:${cssVar('purple1')}}
.landing-tag-success{color:${cssVar('green8')};background:${cssVar('colorSuccessBg')}}

.landing-hero{padding:72px 0 64px;background:linear-gradient(180deg,${cssVar('colorPrimaryBg')} 0%,${cssVar('colorBgLayout')} 100%)}
.landing-hero-grid{box-sizing:border-box;max-width:1160px;margin:0 auto;padding:0 48px;display:grid;
  grid-template-columns:minmax(0,1fr);gap:40px 48px;align-items:center}
.landing-eyebrow{margin-bottom:16px}
.landing-headline{margin:0;font-size:48px;line-height:1.1;font-weight:600}
.landing-lead{max-width:520px;margin:20px 0 32px;font-size:18px;color:${secondary}}

.landing-preview{padding:20px;background:${container};border:${divider};border-radius:10px;box-shadow:${cssVar('boxShadowSecondary')}}
.landing-stats{display:grid;grid-template-columns:repeat(3,minmax(0,1fr));gap:12px}
.landing-stat{padding:12px;background:${cssVar('colorFillQuaternary')};border-radius:8px}
.landing-stat-label{font-size:12px;color:${secondary}}
.landing-stat-value{font-size:22px;font-weight:700}
.landing-stat-trend{font-size:12px;color:${cssVar('green8')}}
.landing-loads{margin-top:16px}
.landing-load{display:flex;align-items:center;gap:12px;padding:10px 0;border-top:${divider}}
.landing-load-icon{font-size:18px;color:${primary}}
.landing-load-text{flex:1;min-width:0}
.landing-load-number{font-weight:600}
.landing-load-lane{font-size:12px;color:${secondary};white-space:nowrap;overflow:hidden;text-overflow:ellipsis}

.landing-features-section{padding:64px 0}
.landing-features-intro{max-width:640px;margin:0 auto 40px;text-align:center}
.landing-section-title{margin:0 0 15px;font-size:30px;line-height:38px;font-weight:600}
.landing-section-lead{margin:0;font-size:16px;color:${secondary}}
.landing-features{display:grid;grid-template-columns:minmax(0,1fr);gap:24px}
.landing-card{padding:24px;background:${container};border:${divider};border-radius:10px}
.landing-feature-icon{display:inline-flex;align-items:center;justify-content:center;width:44px;height:44px;margin-bottom:16px;
  font-size:22px;color:${primary};background:${cssVar('colorPrimaryBg')};border-radius:10px}
.landing-feature-title{margin:0 0 8px;font-size:18px;line-height:24px;font-weight:600}
.landing-feature-text{margin:0;color:${secondary}}

.landing-cta-section{padding:0 0 72px}
.landing-cta{padding:48px 32px;text-align:center;color:#fff;background:linear-gradient(135deg,${primary},${primaryActive});border-radius:16px}
.landing-cta-text{max-width:560px;margin:0 auto 28px;font-size:16px;color:rgba(255,255,255,.85)}

.landing-footer{background:${container};border-top:${divider}}
.landing-footer-text{padding:24px;text-align:center;color:${secondary}}

@media (min-width:768px){.landing-features{grid-template-columns:repeat(2,minmax(0,1fr))}}
@media (min-width:992px){
  .landing-hero-grid{grid-template-columns:repeat(2,minmax(0,1fr))}
  .landing-features{grid-template-columns:repeat(3,minmax(0,1fr))}
}
`;
