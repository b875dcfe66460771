import { Result, Typography } from 'antd';

/** Spec 2.1: any path without a screen. */
export function NotFoundPage() {
  return (
    <Result
      status="404"
      title={<Typography.Title level={1} style={{ margin: 0, fontSize: 28 }}>404 Page Not Found</Typography.Title>}
      subTitle="Did you forget to add the page to the router?"
    />
  );
}
