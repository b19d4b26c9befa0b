package app.lesefuchs;

import com.getcapacitor.BridgeActivity;

public class MainActivity extends BridgeActivity {}
