import { Button, Result, Typography } from 'antd';
import { useNavigate } from 'react-router-dom';

/** Spec 2.1: any path without a screen; its texts as the spec says, and a way back (issue 31). */
export function NotFoundPage() {
  const navigate = useNavigate();
  return (
    <Result
      status="404"
      title={<Typography.Title level={1} style={{ margin: 0, fontSize: 28 }}>404 Page Not Found</Typography.Title>}
      subTitle="Did you forget to add the page to the router?"
      extra={
        // A real link (open in a new tab works), followed inside the app without reloading it.
        <Button
          type="primary"
          href="/"
          onClick={(event) => {
            if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
            event.preventDefault();
            navigate('/');
          }}
        >
          Go to Dashboard
        </Button>
      }
    />
  );
}
