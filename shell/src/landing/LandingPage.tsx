import type { ReactNode } from 'react';
import { Button, Card, Col, Row, Tag, theme, Typography } from 'antd';
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

const container = { maxWidth: 1160, margin: '0 auto', padding: '0 24px' } as const;

/** A glimpse of the product beside the headline: decoration only. */
function ProductPreview() {
  const { token } = theme.useToken();
  const stats = [
    { label: 'Active loads', value: '128', trend: '+12%' },
    { label: 'Trucks on the road', value: '46', trend: '+22%' },
    { label: 'On-time delivery', value: '97.4%', trend: '+3%' },
  ];
  const loads = [
    { number: 'LD-1042', lane: 'Dallas, TX → Memphis, TN', status: 'In Transit', color: 'processing' },
    { number: 'LD-1043', lane: 'Chicago, IL → Columbus, OH', status: 'Assigned', color: 'purple' },
    { number: 'LD-1044', lane: 'Phoenix, AZ → Denver, CO', status: 'Delivered', color: 'success' },
  ];
  return (
    <Card aria-hidden style={{ boxShadow: token.boxShadowSecondary }} styles={{ body: { padding: 20 } }}>
      <Row gutter={12}>
        {stats.map((stat) => (
          <Col span={8} key={stat.label}>
            <div style={{ background: token.colorFillQuaternary, borderRadius: token.borderRadius, padding: 12 }}>
              <div style={{ fontSize: 12, color: token.colorTextSecondary }}>{stat.label}</div>
              <div style={{ fontSize: 22, fontWeight: 700 }}>{stat.value}</div>
              <div style={{ fontSize: 12, color: token.colorSuccess }}>{stat.trend}</div>
            </div>
          </Col>
        ))}
      </Row>
      <div style={{ marginTop: 16 }}>
        {loads.map((load) => (
          <div
            key={load.number}
            style={{ display: 'flex', alignItems: 'center', gap: 12, padding: '10px 0', borderTop: `1px solid ${token.colorBorderSecondary}` }}
          >
            <TruckOutlined style={{ color: token.colorPrimary, fontSize: 18 }} />
            <div style={{ flex: 1, minWidth: 0 }}>
              <div style={{ fontWeight: 600 }}>{load.number}</div>
              <div style={{ fontSize: 12, color: token.colorTextSecondary, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}>
                {load.lane}
              </div>
            </div>
            <Tag color={load.color}>{load.status}</Tag>
          </div>
        ))}
      </div>
    </Card>
  );
}

/** Spec 2.15: what visitors who are not signed in see, on every path. */
export function LandingPage() {
  const { token } = theme.useToken();

  return (
    <div style={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', background: token.colorBgLayout }}>
      <header style={{ background: token.colorBgContainer, borderBottom: `1px solid ${token.colorBorderSecondary}` }}>
        <div style={{ ...container, display: 'flex', alignItems: 'center', gap: 12, height: 64 }}>
          <BrandMark size={36} />
          <div style={{ lineHeight: 1.2, flex: 1 }}>
            <div style={{ fontWeight: 700, fontSize: 18 }}>{PRODUCT_NAME}</div>
            <div style={{ fontSize: 12, color: token.colorTextSecondary }}>Transportation Management System</div>
          </div>
          <Button onClick={logIn}>Log In</Button>
        </div>
      </header>

      <main style={{ flex: 1 }}>
        <section
          style={{
            background: `linear-gradient(180deg, ${token.colorPrimaryBg} 0%, ${token.colorBgLayout} 100%)`,
            padding: '72px 0 64px',
          }}
        >
          <Row gutter={[48, 40]} align="middle" style={{ ...container }}>
            <Col xs={24} lg={12}>
              <Tag color="blue" style={{ marginBottom: 16 }}>
                Built for carriers and fleet operators
              </Tag>
              <Typography.Title level={1} style={{ fontSize: 48, lineHeight: 1.1, margin: 0 }}>
                Streamline Your Fleet Operations
              </Typography.Title>
              <Typography.Paragraph style={{ fontSize: 18, color: token.colorTextSecondary, margin: '20px 0 32px', maxWidth: 520 }}>
                Dispatch loads, keep trucks and drivers compliant, bill customers and settle with drivers, all from one
                place your whole back office shares.
              </Typography.Paragraph>
              <Button type="primary" size="large" icon={<ArrowRightOutlined aria-hidden />} iconPlacement="end" onClick={logIn}>
                Get Started
              </Button>
            </Col>
            <Col xs={24} lg={12}>
              <ProductPreview />
            </Col>
          </Row>
        </section>

        <section id="features" style={{ padding: '64px 0' }}>
          <div style={container}>
            <div style={{ textAlign: 'center', maxWidth: 640, margin: '0 auto 40px' }}>
              <Typography.Title level={2} style={{ marginTop: 0 }}>
                Everything you need to run your fleet
              </Typography.Title>
              <Typography.Paragraph style={{ fontSize: 16, color: token.colorTextSecondary, margin: 0 }}>
                From the first rate confirmation to the last settlement, every team works from the same records.
              </Typography.Paragraph>
            </div>
            <Row gutter={[24, 24]}>
              {FEATURES.map((feature) => (
                <Col xs={24} md={12} lg={8} key={feature.title}>
                  <Card style={{ height: '100%' }}>
                    <span
                      aria-hidden
                      style={{
                        display: 'inline-flex',
                        alignItems: 'center',
                        justifyContent: 'center',
                        width: 44,
                        height: 44,
                        borderRadius: 10,
                        background: token.colorPrimaryBg,
                        color: token.colorPrimary,
                        fontSize: 22,
                        marginBottom: 16,
                      }}
                    >
                      {feature.icon}
                    </span>
                    <Typography.Title level={3} style={{ fontSize: 18, margin: '0 0 8px' }}>
                      {feature.title}
                    </Typography.Title>
                    <Typography.Paragraph style={{ color: token.colorTextSecondary, margin: 0 }}>{feature.description}</Typography.Paragraph>
                  </Card>
                </Col>
              ))}
            </Row>
          </div>
        </section>

        <section style={{ padding: '0 0 72px' }}>
          <div style={container}>
            <div
              style={{
                borderRadius: 16,
                padding: '48px 32px',
                textAlign: 'center',
                color: '#fff',
                background: `linear-gradient(135deg, ${token.colorPrimary}, ${token.colorPrimaryActive})`,
              }}
            >
              <Typography.Title level={2} style={{ color: '#fff', marginTop: 0 }}>
                Ready to optimize your operations?
              </Typography.Title>
              <Typography.Paragraph style={{ color: 'rgba(255,255,255,0.85)', fontSize: 16, margin: '0 auto 28px', maxWidth: 560 }}>
                Sign in with your company account and have your loads, trucks and drivers in one place today.
              </Typography.Paragraph>
              <Button size="large" onClick={logIn} style={{ fontWeight: 600 }}>
                Get Started
              </Button>
            </div>
          </div>
        </section>
      </main>

      <footer style={{ borderTop: `1px solid ${token.colorBorderSecondary}`, background: token.colorBgContainer }}>
        <div style={{ ...container, padding: '24px', textAlign: 'center', color: token.colorTextSecondary }}>
          © 2025 {PRODUCT_NAME}. All rights reserved.
        </div>
      </footer>
    </div>
  );
}
