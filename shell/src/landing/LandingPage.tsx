import type { ReactNode } from 'react';
import {
  AccountBookOutlined,
  ArrowRightOutlined,
  BarChartOutlined,
  EnvironmentOutlined,
  IdcardOutlined,
  InboxOutlined,
  TruckOutlined,
} from '@ant-design/icons';
import { LOGIN_URL } from '../auth/current-user.js';
import { BrandMark, PRODUCT_NAME } from '../layout/BrandMark.js';
import { LANDING_CSS } from './landing-styles.js';

const FEATURES: { title: string; description: string; icon: ReactNode }[] = [
  {
    title: 'Load Management',
    description: 'Create, assign and follow every shipment from pickup to delivery. Drop a rate confirmation and AI fills in the load for you.',
    icon: <InboxOutlined />,
  },
  {
    title: 'Fleet Tracking',
    description: 'Know which trucks are available, on the road, in the shop or out of service, with their plates, VINs and service history.',
    icon: <TruckOutlined />,
  },
  {
    title: 'Driver Management',
    description: 'Keep driver records, licenses and medical cards current, with a warning before anything expires.',
    icon: <IdcardOutlined />,
  },
  {
    title: 'Accounting',
    description: 'Invoices, expenses, payments and driver settlements in one place, with revenue, profit and margin at a glance.',
    icon: <AccountBookOutlined />,
  },
  {
    title: 'GPS Tracking',
    description: 'See the latest position, speed and heading of every driver and truck, reported straight from the cab.',
    icon: <EnvironmentOutlined />,
  },
  {
    title: 'Analytics',
    description: 'A dashboard of revenue, active loads and fleet use, so you can spot problems before your customers do.',
    icon: <BarChartOutlined />,
  },
];

/** Sign-in is a full-page navigation to the gateway, never a fetch. */
const logIn = () => window.location.assign(LOGIN_URL);

/** A glimpse of the product beside the headline: decoration only. */
function ProductPreview() {
  const stats = [
    { label: 'Active loads', value: '128', trend: '+12%' },
    { label: 'Trucks on the road', value: '46', trend: '+22%' },
    { label: 'On-time delivery', value: '97.4%', trend: '+3%' },
  ];
  const loads = [
    { number: 'LD-1042', lane: 'Dallas, TX → Memphis, TN', status: 'In Transit', tone: 'processing' },
    { number: 'LD-1043', lane: 'Chicago, IL → Columbus, OH', status: 'Assigned', tone: 'purple' },
    { number: 'LD-1044', lane: 'Phoenix, AZ → Denver, CO', status: 'Delivered', tone: 'success' },
  ];
  return (
    <div className="landing-preview" aria-hidden>
      <div className="landing-stats">
        {stats.map((stat) => (
          <div className="landing-stat" key={stat.label}>
            <div className="landing-stat-label">{stat.label}</div>
            <div className="landing-stat-value">{stat.value}</div>
            <div className="landing-stat-trend">{stat.trend}</div>
          </div>
        ))}
      </div>
      <div className="landing-loads">
        {loads.map((load) => (
          <div className="landing-load" key={load.number}>
            <TruckOutlined className="landing-load-icon" />
            <div className="landing-load-text">
              <div className="landing-load-number">{load.number}</div>
              <div className="landing-load-lane">{load.lane}</div>
            </div>
            <span className={`landing-tag landing-tag-${load.tone}`}>{load.status}</span>
          </div>
        ))}
      </div>
    </div>
  );
}

/**
 * Spec 2.15: what visitors who are not signed in see, on every path. Plain React and CSS (landing-styles.ts), so
 * that it shows before, and without, the signed-in app and its antd.
 */
export function LandingPage() {
  return (
    <div className="landing">
      <style href="tms-landing" precedence="default">
        {LANDING_CSS}
      </style>
      <header className="landing-header">
        <div className="landing-container landing-header-row">
          <BrandMark size={36} />
          <div className="landing-brand">
            <div className="landing-product">{PRODUCT_NAME}</div>
            <div className="landing-tagline">Transportation Management System</div>
          </div>
          <button type="button" className="landing-button" onClick={logIn}>
            Log In
          </button>
        </div>
      </header>

      <main>
        <section className="landing-hero">
          <div className="landing-hero-grid">
            <div>
              <span className="landing-tag landing-tag-blue landing-eyebrow">Built for carriers and fleet operators</span>
              <h1 className="landing-headline">Streamline Your Fleet Operations</h1>
              <p className="landing-lead">
                Dispatch loads, keep trucks and drivers compliant, bill customers and settle with drivers, all from one
                place your whole back office shares.
              </p>
              <button type="button" className="landing-button landing-button-large landing-button-primary" onClick={logIn}>
                Get Started
                <ArrowRightOutlined aria-hidden />
              </button>
            </div>
            <ProductPreview />
          </div>
        </section>

        <section id="features" className="landing-features-section">
          <div className="landing-container">
            <div className="landing-features-intro">
              <h2 className="landing-section-title">Everything you need to run your fleet</h2>
              <p className="landing-section-lead">
                From the first rate confirmation to the last settlement, every team works from the same records.
              </p>
            </div>
            <div className="landing-features">
              {FEATURES.map((feature) => (
                <div className="landing-card" key={feature.title}>
                  <span className="landing-feature-icon" aria-hidden>
                    {feature.icon}
                  </span>
                  <h3 className="landing-feature-title">{feature.title}</h3>
                  <p className="landing-feature-text">{feature.description}</p>
                </div>
              ))}
            </div>
          </div>
        </section>

        <section className="landing-cta-section">
          <div className="landing-container">
            <div className="landing-cta">
              <h2 className="landing-section-title">Ready to optimize your operations?</h2>
              <p className="landing-cta-text">
                Sign in with your company account and have your loads, trucks and drivers in one place today.
              </p>
              <button type="button" className="landing-button landing-button-large landing-button-strong" onClick={logIn}>
                Get Started
              </button>
            </div>
          </div>
        </section>
      </main>

      <footer className="landing-footer">
        <div className="landing-container landing-footer-text">© 2025 {PRODUCT_NAME}. All rights reserved.</div>
      </footer>
    </div>
  );
}
